// The analysis thread's module: loads the TypeScript sources through tsx, whichever way the
// worker process itself loaded them (tsx's command, its --import hook, or its register API).
import { register } from "tsx/esm/api";

register();
const { default: analyse } = await import("./thread.ts");

export default analyse;
