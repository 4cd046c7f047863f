// A page in Debian's headless Chromium, driven over the DevTools protocol
// (through a pipe: Node alone, no package), for the tests of hule view
// and hule stats --plot.
//
// Usage: node browser.js URL SHOT.png [STEP...]
// A step is "key:NAME" (a key pressed, as a user would), "click:ID" (a
// button clicked) or "eval:EXPR" (an expression evaluated; its value is
// printed). After each step the page's summary (browser.summary below,
// for a hule view page) is printed as one JSON line; at the end the
// screenshot is written to SHOT.png. Exits 77 when Chromium is missing.
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const [url, shot, ...steps] = process.argv.slice(2);
const exe = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
if (!url || !shot) {
  console.error("usage: browser.js URL SHOT.png [key:K|click:ID|eval:EXPR ...]");
  process.exit(2);
}
if (!exe) {
  console.log("skipped: Chromium is not installed (apt-get install chromium)");
  process.exit(77);
}

const profile = fs.mkdtempSync(path.join(os.tmpdir(), "hule-chromium-"));
const browser = spawn(exe, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
  "--remote-debugging-pipe", "--user-data-dir=" + profile, "--window-size=1000,1200"],
  { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
const timer = setTimeout(() => fail("timed out after 60 s"), 60000);

function fail(msg) {
  if (finishing) return;
  console.error("browser.js: " + msg);
  finish(1);
}
let finishing = false;
function finish(code) {
  if (finishing) return;
  finishing = true;
  clearTimeout(timer);
  const done = () => {
    try { fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 }); } catch (e) { /* left in TMPDIR */ }
    process.exit(code);
  };
  if (browser.exitCode !== null || browser.signalCode !== null) return done();
  browser.once("exit", done);
  browser.kill("SIGKILL");
}

// The summary of a hule view page: what a test checks of the DOM.
const SUMMARY = `(() => {
  const tiles = (root, sel) => [...root.querySelectorAll(sel)].map((t) => t.dataset.tile);
  const seats = [...document.querySelectorAll(".seat")].map((s) => ({
    id: s.id, wind: s.dataset.wind,
    hand: tiles(s, ".hand > .tile:not(.drawn)"), drawn: tiles(s, ".hand > .tile.drawn"),
    melds: [...s.querySelectorAll(".meld")].map((m) => tiles(m, ".tile")),
    river: [...s.querySelectorAll(".river .tile")].map((t) => t.dataset.tile + (t.classList.contains("claimed") ? "*" : "")),
    label: s.querySelector(".label").textContent }));
  const ex = document.getElementById("explain"), pos = document.getElementById("pos");
  const body = document.body || { dataset: {} };
  return { hand: +body.dataset.hand, step: +body.dataset.step, pos: pos ? pos.textContent : null, seats,
           explain: ex && !ex.hidden ? document.getElementById("explain-text").textContent : null,
           bars: document.querySelectorAll("svg rect").length,
           texts: [...document.querySelectorAll("svg text")].map((t) => t.textContent).slice(0, 400) };
})()`;

const KEYS = { ArrowRight: 39, ArrowLeft: 37, ArrowDown: 40, ArrowUp: 38, PageDown: 34, PageUp: 33,
               Home: 36, End: 35, w: 87, n: 78, p: 80, " ": 32 };

async function main() {
  // the DevTools protocol over a pipe (fd 3 in, fd 4 out, NUL-ended JSON):
  // no port, no WebSocket
  let id = 0, buf = "", session;
  const waiting = new Map(), events = [];
  const input = browser.stdio[3], output = browser.stdio[4];
  output.setEncoding("utf8");
  output.on("data", (d) => {
    buf += d;
    for (let at; (at = buf.indexOf("\0")) >= 0; buf = buf.slice(at + 1)) {
      const msg = JSON.parse(buf.slice(0, at));
      if (msg.id && waiting.has(msg.id)) {
        const { resolve, reject } = waiting.get(msg.id);
        waiting.delete(msg.id);
        msg.error ? reject(new Error(JSON.stringify(msg.error))) : resolve(msg.result);
      } else if (msg.method) {
        events.push(msg);
      }
    }
  });
  browser.on("exit", (c) => fail("Chromium exited (" + c + ") before the end"));
  const send = (method, params = {}) => new Promise((resolve, reject) => {
    waiting.set(++id, { resolve, reject });
    input.write(JSON.stringify(session ? { id, method, params, sessionId: session }
                                       : { id, method, params }) + "\0");
  });
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  session = (await send("Target.attachToTarget", { targetId, flatten: true })).sessionId;
  const evaluate = async (expr) => {
    const r = await send("Runtime.evaluate", { expression: expr, returnByValue: true });
    if (r.exceptionDetails) throw new Error("in the page: " + JSON.stringify(r.exceptionDetails).slice(0, 400));
    return r.result.value;
  };
  await send("Page.enable");
  await send("Runtime.enable");
  const loaded = new Promise((r) => {
    const poll = setInterval(() => {
      if (events.some((e) => e.method === "Page.loadEventFired")) { clearInterval(poll); r(); }
    }, 20);
  });
  await send("Page.navigate", { url });
  await loaded;
  const errors = events.filter((e) => e.method === "Runtime.exceptionThrown");
  if (errors.length) throw new Error("the page threw: " + JSON.stringify(errors[0].params).slice(0, 400));
  console.log(JSON.stringify(await evaluate(SUMMARY)));
  for (const s of steps) {
    const [kind, arg] = [s.slice(0, s.indexOf(":")), s.slice(s.indexOf(":") + 1)];
    if (kind === "key") {
      const code = KEYS[arg] || arg.toUpperCase().charCodeAt(0);
      for (const type of ["keyDown", "keyUp"])
        await send("Input.dispatchKeyEvent", { type, key: arg, windowsVirtualKeyCode: code,
                                               text: type === "keyDown" && arg.length === 1 ? arg : undefined });
      console.log(JSON.stringify(await evaluate(SUMMARY)));
    } else if (kind === "click") {
      await evaluate(`document.getElementById(${JSON.stringify(arg)}).click()`);
      console.log(JSON.stringify(await evaluate(SUMMARY)));
    } else if (kind === "eval") {
      console.log(JSON.stringify(await evaluate(arg)));
    } else {
      throw new Error("a step is key:K, click:ID or eval:EXPR, not " + s);
    }
  }
  const png = await send("Page.captureScreenshot", { format: "png" });
  fs.writeFileSync(shot, Buffer.from(png.data, "base64"));
  finish(0);
}

main().catch((e) => fail(e.message));
