#!/usr/bin/env node
// @kobalab/majiang-ai (a rule-based riichi AI, MIT) as an mjai bot: mjai
// events on stdin, one JSON line each, turned into majiang-core's
// messages for its Player (kaiju, qipai, zimo, gangzimo, dapai, fulou,
// gang, kaigang), whose replies become mjai actions on stdout, one line
// an event ({"type":"none"} when it has nothing to do). The packages are
// installed by `npm install` in this folder (.ci/deps --test does it).
"use strict";
const Majiang = require("@kobalab/majiang-core");
const Player = require("@kobalab/majiang-ai");
const readline = require("readline");

const HONORS = "ESWNPFC";      // mjai: P white, F green, C red; majiang z5..z7
let me = 0, oya = 0, player = null;
let reach = [false, false, false, false];   // a reach said, its dahai to come
let kan = [false, false, false, false];     // the next tsumo replaces a kan
let pons = {};                               // actor + tile kind -> pon string
let last = null;                             // the last dahai: actor, pai
let reachTile = null;

// mjai tile -> majiang ("5mr" -> "m0", "E" -> "z1")
function mp(p) {
  if (HONORS.includes(p)) return "z" + (HONORS.indexOf(p) + 1);
  return p[1] + (p[2] === "r" ? "0" : p[0]);
}
// majiang tile -> mjai
function jp(s, n) {
  if (s === "z") return HONORS[+n - 1];
  return n === "0" ? "5" + s + "r" : n + s;
}
const seat = (actor) => (actor - oya + 4) % 4;
const kind = (p) => mp(p).replace("0", "5");

function handString(tiles) {
  const by = { m: [], p: [], s: [], z: [] };
  for (const t of tiles) { const m = mp(t); by[m[0]].push(m[1]); }
  return "mpsz".split("").filter((s) => by[s].length)
    .map((s) => s + by[s].sort().join("")).join("");
}

// The meld string majiang-core expects (Shoupai.valid_mianzi's form).
function meld(type, actor, target, pai, consumed) {
  const s = mp(pai)[0], mark = "+=-"[(target - actor + 4) % 4 - 1];
  const own = consumed.map((c) => mp(c)[1]);
  const claimed = mp(pai)[1];
  let m;
  if (type === "chi") {
    const toks = own.map((d) => ({ d, k: d === "0" ? 5 : +d }))
      .concat([{ d: claimed + "-", k: claimed === "0" ? 5 : +claimed }]);
    m = s + toks.sort((a, b) => a.k - b.k).map((t) => t.d).join("");
  } else if (type === "pon") {          // the claimed digit last
    m = s + own.sort().reverse().join("") + claimed + mark;
  } else {
    m = s + own.sort().reverse().join("") + claimed + mark;
  }
  return Majiang.Shoupai.valid_mianzi(m) || m;
}

function ask(msg) {
  let reply;
  player.action(msg, (r) => { reply = r; });
  return reply || {};
}

// A majiang reply on its own draw -> mjai.
function onDraw(r, pai) {
  if (r.hule) return { type: "hora", actor: me, target: me, pai };
  if (r.daopai) return { type: "ryukyoku", actor: me };
  if (r.gang) {
    const s = r.gang[0], ds = r.gang.match(/\d/g);
    if (/\d{4}$/.test(r.gang))
      return { type: "ankan", actor: me, consumed: ds.map((d) => jp(s, d)) };
    const added = ds[3];
    return { type: "kakan", actor: me, pai: jp(s, added),
             consumed: ds.slice(0, 3).map((d) => jp(s, d)) };
  }
  if (r.dapai) {
    const t = jp(r.dapai[0], r.dapai[1]), tsumogiri = r.dapai.includes("_");
    if (r.dapai.includes("*")) {
      reachTile = { pai: t, tsumogiri };
      return { type: "reach", actor: me };
    }
    return { type: "dahai", actor: me, pai: t, tsumogiri };
  }
  return { type: "none" };
}

// A majiang reply to another's discard -> mjai.
function onDiscard(r) {
  if (r.hule) return { type: "hora", actor: me, target: last.actor, pai: last.pai };
  if (!r.fulou) return { type: "none" };
  const s = r.fulou[0], own = r.fulou.match(/\d(?![\+\=\-])/g).map((d) => jp(s, d));
  const type = r.fulou.includes("-") && !/^[mpsz](\d)\1/.test(r.fulou.replace(/0/g, "5"))
    ? "chi" : own.length === 3 ? "daiminkan" : "pon";
  return { type, actor: me, target: last.actor, pai: last.pai, consumed: own };
}

function handle(m) {
  const t = m.type, a = m.actor;
  switch (t) {
  case "start_game":
    me = m.id;
    player = new Player();
    ask({ kaiju: { id: me, rule: Majiang.rule(), title: "hule", player: ["", "", "", ""], qijia: 0 } });
    return { type: "none" };
  case "start_kyoku": {
    oya = m.oya;
    reach = [false, false, false, false];
    kan = [false, false, false, false];
    pons = {};
    const sp = [0, 1, 2, 3].map((l) => ((oya + l) % 4 === me ? handString(m.tehais[me]) : ""));
    ask({ qipai: { zhuangfeng: "ESWN".indexOf(m.bakaze), jushu: oya, changbang: m.honba,
                   lizhibang: m.kyotaku, defen: [0, 1, 2, 3].map((l) => m.scores[(oya + l) % 4]),
                   baopai: mp(m.dora_marker), shoupai: sp } });
    return { type: "none" };
  }
  case "tsumo": {
    const key = kan[a] ? "gangzimo" : "zimo";
    kan[a] = false;
    const r = ask({ [key]: { l: seat(a), p: a === me ? mp(m.pai) : "" } });
    return a === me ? onDraw(r, m.pai) : { type: "none" };
  }
  case "reach":
    if (a === me && reachTile)
      return { type: "dahai", actor: me, pai: reachTile.pai, tsumogiri: reachTile.tsumogiri };
    reach[a] = true;
    return { type: "none" };
  case "dahai": {
    const p = mp(m.pai) + (m.tsumogiri ? "_" : "") + (reach[a] || (a === me && reachTile) ? "*" : "");
    reach[a] = false;
    if (a === me) reachTile = null;
    last = { actor: a, pai: m.pai };
    const r = ask({ dapai: { l: seat(a), p } });
    return a === me ? { type: "none" } : onDiscard(r);
  }
  case "chi": case "pon": case "daiminkan": {
    const s = meld(t, a, m.target, m.pai, m.consumed);
    if (t === "pon") pons[a + kind(m.pai)] = s;
    if (t === "daiminkan") kan[a] = true;
    const r = ask({ fulou: { l: seat(a), m: s } });
    if (a === me && r.dapai) {
      const tile = jp(r.dapai[0], r.dapai[1]);
      return { type: "dahai", actor: me, pai: tile, tsumogiri: false };
    }
    return { type: "none" };
  }
  case "ankan": case "kakan": {
    const s = t === "ankan"
      ? Majiang.Shoupai.valid_mianzi(mp(m.consumed[0])[0] + m.consumed.map((c) => mp(c)[1]).sort().reverse().join(""))
      : pons[a + kind(m.pai)] + mp(m.pai)[1];
    kan[a] = true;
    last = { actor: a, pai: m.pai };
    const r = ask({ gang: { l: seat(a), m: s } });
    return a !== me && t === "kakan" && r.hule
      ? { type: "hora", actor: me, target: a, pai: m.pai } : { type: "none" };
  }
  case "dora":
    player.action({ kaigang: { baopai: mp(m.dora_marker) } }, () => {});
    return { type: "none" };
  default:
    return { type: "none" };
  }
}

const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
  if (!line.trim()) return;
  let out;
  try {
    out = handle(JSON.parse(line));
  } catch (e) {
    process.stderr.write("majiang adapter: " + e.message + "\n");
    out = { type: "none" };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
});
