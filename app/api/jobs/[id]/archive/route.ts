import { setJobArchived } from "@/lib/store/archive";
import { archiveHandler } from "../../../archive-body";

export const dynamic = "force-dynamic";

/** Archive (`{"archived":true}`) or unarchive an ended job; 409 while it runs. */
export const PUT = archiveHandler(setJobArchived, "no such job: GET /api/jobs lists them");
