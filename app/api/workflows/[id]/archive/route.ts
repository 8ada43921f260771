import { setWorkflowArchived } from "@/lib/store/archive";
import { archiveHandler } from "../../../archive-body";

export const dynamic = "force-dynamic";

/** Archive (`{"archived":true}`) or unarchive a workflow; its schedule starts no run while archived. */
export const PUT = archiveHandler(setWorkflowArchived, "no such workflow: GET /api/workflows lists them");
