-- Why a page is truncated: its body passed the job's maxBodyBytes, or its HTML the parser's cap.
alter table pages add column truncation text check (truncation in ('body', 'parse'));
update pages set truncation = 'body' where is_truncated;
