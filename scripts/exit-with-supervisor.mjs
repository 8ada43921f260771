// Preloaded (`node --import`) into the processes `npm start` supervises: if the supervisor
// dies without stopping us (SIGKILL), end this process the normal way instead of lingering.
const supervisor = Number(process.env.FOCUSCRAWL_SUPERVISOR_PID);
const CHECK_EVERY_MS = 1000;

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

if (supervisor) {
  const timer = setInterval(() => {
    if (isAlive(supervisor)) return;
    clearInterval(timer);
    process.kill(process.pid, "SIGTERM");
  }, CHECK_EVERY_MS);
  timer.unref();
}
