-- Export files may be WACZ too (lib/export/wacz.ts): the WARC with its index and pages, zipped.
ALTER TABLE "exports" DROP CONSTRAINT "exports_format_check";
ALTER TABLE "exports" ADD CONSTRAINT "exports_format_check" CHECK ("format" IN ('csv', 'jsonl', 'warc', 'wacz'));
