#!/usr/bin/env python3
# The messages in two languages (issue: the interface through gettext).
#   - every message marked for translation has an entry in each catalog
#     (po/zh_CN.po, po/zh_TW.po), none fuzzy, and msgfmt --check (the
#     placeholders of each entry against the English) is clean;
#   - what a program reads is the same bytes in both languages: batch and
#     JSON scoring, waits and shanten (errors included), sim's lines,
#     stats --json, review --json;
#   - the language is chosen by the locale (LANG, LC_ALL, LANGUAGE), by
#     --lang and by the REPL's lang, on a machine where zh_CN.UTF-8 was
#     never generated; an unknown language is refused, naming those there;
#   - every line of help (the REPL's and the command line's), of a played
#     table, of explanations, fan pages, quizzes and the first lesson fits
#     80 columns counted as a terminal shows them (the tile lists of waits
#     and shanten are one line each, as in batch).
# usage: i18n.py HULE SRCDIR WORKDIR
import os
import re
import shutil
import subprocess
import sys
import unicodedata

HULE, SRC, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
failed = 0


def ok(what):
    print("ok   " + what)


def fail(what):
    global failed
    failed += 1
    print("FAIL: " + what)


def env(lang, **more):
    e = {k: v for k, v in os.environ.items()
         if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    e.update({"LANG": lang, "HULE_RULES": "", "HOME": WORK})
    e.update(more)
    return e


def run(args, lang="C.UTF-8", stdin=None, **more):
    p = subprocess.run([HULE] + args, input=stdin, capture_output=True,
                       env=env(lang, **more), cwd=WORK, timeout=300)
    return p.returncode, p.stdout.decode("utf-8", "replace"), \
        p.stderr.decode("utf-8", "replace")


def width(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else
               0 if unicodedata.combining(c) else 1 for c in s)


HAN = re.compile(r"[\u4e00-\u9fff]")

# {== the catalogs ==}
if shutil.which("xgettext") and shutil.which("msgmerge"):
    pot = os.path.join(WORK, "hule.pot")
    subprocess.run(["sh", os.path.join(SRC, "po", "extract"), SRC, pot],
                   check=True, capture_output=True)
    n = len(re.findall(r"^msgid ", open(pot, encoding="utf-8").read(),
                       re.M)) - 1
    for lang in ("zh_CN", "zh_TW"):
        po = os.path.join(SRC, "po", lang + ".po")
        merged = os.path.join(WORK, lang + ".po")
        subprocess.run(["msgmerge", "--quiet", "--no-fuzzy-matching", po, pot,
                        "-o", merged], check=True)
        st = subprocess.run(["msgfmt", "--check", "--statistics", "-o",
                             os.devnull, merged], capture_output=True,
                            text=True)
        stats = st.stderr.strip().splitlines()[-1] if st.stderr else ""
        if st.returncode != 0:
            fail("%s: msgfmt --check: %s" % (lang, st.stderr.strip()[:600]))
        elif "untranslated" in stats or "fuzzy" in stats:
            left = subprocess.run(["msgattrib", "--untranslated",
                                   "--no-obsolete", merged],
                                  capture_output=True, text=True).stdout
            fail("%s: %s; the first: %s" % (lang, stats,
                 re.findall(r"^msgid (.*)$", left, re.M)[1:4]))
        else:
            ok("%s: all %d messages marked in the sources translated, "
               "msgfmt --check clean (%s)" % (lang, n, stats))
    # the catalog's own file, as shipped, also passes the check
    for lang in ("zh_CN", "zh_TW"):
        st = subprocess.run(["msgfmt", "--check", "-o", os.devnull,
                             os.path.join(SRC, "po", lang + ".po")],
                            capture_output=True, text=True)
        if st.returncode != 0:
            fail("po/%s.po: %s" % (lang, st.stderr.strip()[:300]))
else:
    print("skipped: the catalog checks (xgettext and msgmerge, Debian "
          "package gettext, are absent)")

# {== the same bytes for programs in both languages ==}
hands = []
for f in ("mcr.tsv", "mcr-invalid.tsv"):
    for i, line in enumerate(open(os.path.join(SRC, "tests", "data", f),
                                  encoding="utf-8")):
        if i >= 300:
            break
        if line.strip() and not line.startswith("#"):
            hands.append(line.split("\t")[0])
hands += ["", "123m", "1234m456p789s11z5m+5m", "9z9z", "{1234m}", "123m+",
          "123m456p789s11z55m+5m self self", "1m" * 20, "\x01\xff"]
batch = "\n".join(hands).encode("utf-8", "surrogateescape") + b"\n"
cases = [["score", "--batch"], ["score", "--batch", "--json"],
         ["waits", "--batch"], ["shanten", "--batch"],
         ["score", "--batch", "--ruleset", "xuezhan"],
         ["score", "123m456p789s11z55m+5m", "self", "--json"]]
for args in cases:
    outs = []
    for lang in ("C.UTF-8", "zh_CN.UTF-8", "zh_TW.UTF-8"):
        p = subprocess.run([HULE] + args, input=batch, capture_output=True,
                           env=env(lang), cwd=WORK, timeout=300)
        outs.append((p.returncode, p.stdout, p.stderr))
    if outs[0] == outs[1] == outs[2] and outs[0][1]:
        ok("hule %s: the same bytes in en, zh_CN and zh_TW (%d bytes)"
           % (" ".join(args), len(outs[0][1])))
    else:
        fail("hule %s differs between the languages" % " ".join(args))
sims = []
for lang in ("C.UTF-8", "zh_CN.UTF-8"):
    out = os.path.join(WORK, "sim-%s.jsonl" % lang[:2])
    logdir = os.path.join(WORK, "log-" + lang[:2])
    os.makedirs(logdir)
    rc, so, se = run(["sim", "--games", "12", "--seed", "5", "--out", out,
                      "--log", logdir, "--log-games", "3"], lang)
    rc2, st, _ = run(["stats", out, "--json"], lang)
    rc3, rv, _ = run(["review", os.path.join(logdir, "game-3.jsonl"),
                      "--json"], lang)
    sims.append((open(out, "rb").read(), st,
                 open(os.path.join(logdir, "game-3.jsonl"), "rb").read(), rv,
                 rc, rc2, rc3))
    if lang.startswith("zh") and not HAN.search(so + se):
        fail("sim under zh_CN: its summary for a person is not in Chinese")
if sims[0] == sims[1] and sims[0][0]:
    ok("sim --out lines, --log logs, stats --json and review --json: the "
       "same bytes in both languages")
else:
    fail("sim/stats/review output for programs differs between languages")

# {== choosing the language ==}
rc, out, err = run(["score", "123m456p789s11z55m+5m", "self"], "zh_CN.UTF-8")
locales = subprocess.run(["locale", "-a"], capture_output=True,
                         text=True).stdout.split()
zh_installed = any(l.lower().startswith("zh_cn") for l in locales)
if "合计" in out and "total" not in out:
    ok("LANG=zh_CN.UTF-8: the explanation in Chinese (zh_CN locale %s on "
       "this machine)" % ("installed" if zh_installed else "not installed"))
else:
    fail("LANG=zh_CN.UTF-8 gave: " + out[:200])
rc, out, err = run(["score", "123m456p789s11z55m+5m", "self"], "zh_TW.UTF-8")
if "合計" in out:
    ok("LANG=zh_TW.UTF-8: Traditional Chinese")
else:
    fail("LANG=zh_TW.UTF-8 gave: " + out[:200])
# zh_TW writes the rulesets' names in its own characters too (#51 item 16)
if "花龍" in out and "花龙" not in out and "不求人" in out:
    ok("zh_TW: the fan names of a score in traditional characters")
else:
    fail("zh_TW fan names: " + out[:300])
rc, out, err = run(["--lang", "zh_TW"], "C.UTF-8",
                   stdin="fans\nfan 斷么\nfan 断幺\nwhy 斷么 "
                   "234m456p678s345s5m+5m\nuse riichi\nrulesets\n".encode())
if ("國標麻將" in out and "綠一色" in out and "\n断幺" not in out
        and out.count("\n斷么 / ") == 2 and "門前清、平和、斷么" in out
        and "斷么 在所選拆法中計入" in out and "门前清" not in out
        and "日本立直麻將" in out and not err):
    ok("zh_TW: fans, fan (either writing), why and a title traditional")
else:
    fail("zh_TW REPL names: %r %r" % (out[-600:], err))
# Chinese punctuation takes no blank after it: every Chinese transcript
# and the catalog's translations (#51 item 18)
import glob
bad = []
for f in sorted(glob.glob(os.path.join(SRC, "tests", "sessions", "*.zh.out"))):
    for n, line in enumerate(open(f, encoding="utf-8"), 1):
        if re.search(r"[：、] ", line):
            bad.append("%s:%d: %s" % (os.path.basename(f), n, line.strip()))
        if re.search(r'"[a-z][a-zA-Z ]*"', line):   # “new”, not "new"
            bad.append("%s:%d: ASCII quotes: %s" % (os.path.basename(f), n,
                                                    line.strip()))
for n, line in enumerate(open(os.path.join(SRC, "po", "zh_CN.po"),
                              encoding="utf-8"), 1):
    if line.startswith(("msgstr", '"')) and re.search(r"[：、] ", line):
        bad.append("zh_CN.po:%d: %s" % (n, line.strip()))
if not bad:
    ok("no blank after ： or 、, no ASCII quotes round a word, in the Chinese "
       "transcripts and catalog")
else:
    fail("a blank after ： or 、 (%d), the first: %s" % (len(bad), bad[0]))
# events and sentences name tiles in Chinese (打出 八饼, 花牌：秋菊), rows
# keep the notation; zh_TW in its own characters (#51 item 18)
for lang, disc, flower in (("zh_CN", "打出 八饼", "亮出花牌 秋"),
                           ("zh_TW", "打出 八餅", "亮出花牌 秋")):
    rc, out, err = run(["--lang", lang, "--tiles", "text"], "C.UTF-8",
                       stdin=b"new seed=5\nauto\n")
    coded = re.findall(r"(?:打出|亮出花牌|摸到) [0-9][mpszf]", out)
    if (disc in out and flower in out and "花牌：秋菊" in out and not coded
            and re.search(r"^你 +E\* +0 2367m48p2478s135z", out, re.M)):
        ok("%s: events name their tiles, rows keep the notation" % lang)
    else:
        fail("%s tile names in events: %r %s" % (lang, coded[:3], out[:500]))
rc, out, err = run(["--lang", "en", "score", "123m456p789s11z55m+5m", "self"],
                   "zh_CN.UTF-8")
if "total:" in out and not HAN.search(out.replace("花龙", "").replace(
        "不求人", "").replace("自摸", "").replace("无番和", "")):
    ok("--lang en over a Chinese locale: English")
else:
    fail("--lang en gave: " + out[:200])
for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    rc, out, err = run(["nosuchcommand"], "C.UTF-8", **{var: "zh_CN.UTF-8"})
    if "错误" in err and rc == 1:
        ok("%s=zh_CN.UTF-8 over LANG=C.UTF-8: Chinese errors" % var)
    else:
        fail("%s=zh: %r" % (var, err))
rc, out, err = run(["--lang", "fr", "score", "123m"], "C.UTF-8")
if rc == 1 and "fr" in err and "zh_CN" in err and not out:
    ok("--lang fr refused, naming the languages installed")
else:
    fail("--lang fr: rc %d, %r" % (rc, err))
rc, out, err = run(["--lang", "zh", "--bogus"], "C.UTF-8")
if rc == 1 and "错误" in err:
    ok("--lang zh before a bad option: the parser's own error in Chinese")
else:
    fail("--lang zh --bogus: %r" % err)
rc, out, err = run(["--ascii"], "C.UTF-8", stdin=b"lang\nlang zh\nlang\n"
                   b"lang xx\nfans\nlang en\nlang\n")
if ("messages in en" in out and "消息使用中文" in out and "消息语言 zh_CN"
        in out and "xx" in err and "81 个番种" in out
        and out.rstrip().endswith("messages in en (installed: en zh_CN "
                                  "zh_TW)")):
    ok("the REPL's lang: shows, switches both ways, refuses an unknown one")
else:
    fail("REPL lang: %r %r" % (out[-400:], err))

# {== hule view's page in Chinese ==}
log = os.path.join(WORK, "log-zh", "game-3.jsonl")
rc, out, err = run(["view", log, "--out", "page.html"], "zh_CN.UTF-8")
page = open(os.path.join(WORK, "page.html"), encoding="utf-8").read() \
    if rc == 0 else ""
m = re.search(r'"L":(\{[^}]*\})', page)
if (rc == 0 and "已写入" in out and m and "下一次和牌" in m.group(1)
        and '"lang":"zh"' in page and "东风圈" in page):
    ok("hule view under zh_CN: the page's words, its events and its "
       "explanations in Chinese")
else:
    fail("hule view in Chinese: rc %d %r %r" % (rc, out, err))

# {== a ruleset's texts in two languages ==}
open(os.path.join(WORK, "two.lua"), "w", encoding="utf-8").write(
    'local R = mj.extend("mcr", { id = "two",\n'
    '  title = { en = "Two tongues", zh = "两种语言" } })\n'
    'R:fan { "双语番", en = "Bilingual", points = 1,\n'
    '  desc = { en = "An English line.", zh = "一句中文。" },\n'
    '  test = function(v) return false end }\n'
    'return R\n')
outs = {}
for lang in ("C.UTF-8", "zh_CN.UTF-8"):
    outs[lang] = run(["--ascii"], lang, stdin=b"load two.lua\nfan \xe5\x8f\x8c"
                     b"\xe8\xaf\xad\xe7\x95\xaa\nlua print(mj.rules and 1 or 2)"
                     b"\n")[1]
if ("Two tongues" in outs["C.UTF-8"] and "An English line." in outs["C.UTF-8"]
        and "两种语言" in outs["zh_CN.UTF-8"] and "一句中文。" in
        outs["zh_CN.UTF-8"] and "An English" not in outs["zh_CN.UTF-8"]
        and "\x1e" not in outs["C.UTF-8"] + outs["zh_CN.UTF-8"]):
    ok("title and desc = { en =, zh = }: each language its own part")
else:
    fail("two-language ruleset texts: %r" % outs)
for bad, where in (('desc = { zh = "x" }', "two-bad.lua:2"),
                   ('desc = { en = "a\\27[31m", zh = "x" }', "two-bad.lua"),
                   ('desc = { en = "a", zh = 5 }', "two-bad.lua:2")):
    open(os.path.join(WORK, "two-bad.lua"), "w").write(
        'local R = mj.extend("mcr", { id = "twobad" })\n'
        'R:fan { "x", points = 1,\n  %s,\n'
        '  test = function(v) return false end }\nreturn R\n' % bad)
    rc, out, err = run(["--ascii"], "C.UTF-8", stdin=b"load two-bad.lua\n")
    if where in err and "Error" in err and "loaded" not in out:
        ok("refused, naming %s: %s" % (where, bad))
    else:
        fail("%s: %r %r" % (bad, out, err))

# {== the hand parser's hints and the total line in Chinese ==}
rc, out, err = run(["--lang", "zh", "score", "123m456p789s11z55m+5m seat=1z"])
if rc == 1 and "（E、S、W 或 N（东南西北））" in err and "E, S, W or N" not in err:
    ok("a bad context value's hint in Chinese")
else:
    fail("a bad context value's hint: %r" % err)
rc, out, err = run(["--lang", "zh", "score",
                    "123m456p789s11z55m+5m self flowers=2"])
if rc == 0 and "14 番（除去花牌等加分 2 番，为 12 番）" in out:
    ok("the total line's numbers in their places (花牌 2 of 14)")
else:
    fail("the total line with flowers: %r" % out[-200:])

# {== fan lookups by the common Chinese names ==}
rc, out, err = run(["--lang", "zh"], stdin="".join(
    "fan %s\n" % w for w in ("断幺九", "小七对", "单吊将", "卡张", "夹张",
                             "全带幺九", "大对子", "测试")).encode())
heads = ["断幺 /", "七对 /", "单钓将 /", "坎张 /", "坎张 /", "全带幺 /",
         "碰碰和 /"]
missing = [h for h in heads if not re.search("^" + re.escape(h), out, re.M)]
if not missing and '没有番种 “测试”；“fans” 会列出所有番种' in out + err \
        and "Four Kongs" not in out + err:
    ok("fan lookups: 断幺九 小七对 单吊将 卡张 夹张 全带幺九 大对子 found; "
       "测试 suggests nothing")
else:
    fail("fan lookups: missing %r in %r" % (missing, (out + err)[-400:]))
rc, out, err = run(["--lang", "zh", "--ruleset", "xuezhan"],
                   stdin=b"fan \xe5\xa4\xa7\xe5\xaf\xb9\xe5\xad\x90\n")
if "对对胡 /" in out:
    ok("血战's 大对子 is 对对胡")
else:
    fail("血战's 大对子: %r" % (out + err)[-300:])

# {== the help in Chinese: nothing glued, 牌型 for shapes ==}
rc, out, err = run(["--lang", "zh"], stdin=b"help\n")
glued = re.findall(r"例如[A-Za-z]|strong机器人|合计例如|[A-Za-z]机器人", out)
if rc == 0 and not glued and "图形" not in out and "牌型" in out:
    ok("the help in Chinese: no word glued to another, 牌型 not 图形")
else:
    fail("the help in Chinese: glued %r, 图形 %s" % (glued, "图形" in out))

# {== 80 columns ==}
repl_cmds = re.findall(r"^  (\S+)", run(["--ascii"], "C.UTF-8",
                       stdin=b"help\n")[1], re.M)
script = "help\n" + "".join("help %s\n" % c for c in repl_cmds) + \
    "help tiles\nhelp table\n"
wide = []
for lang in ("C.UTF-8", "zh_CN.UTF-8"):
    texts = [run(["--ascii"], lang, stdin=script.encode())[1],
             run(["--help"], lang)[1]]
    for c in ("score", "sim", "stats", "view", "import", "run"):
        texts.append(run([c, "--help"], lang)[1])
    texts.append(run(["--ascii"], lang, stdin=b"new mcr seed=5\nd 1z\n"
                     b"auto\nmatch\n")[1])
    texts.append(run(["--ascii"], lang, stdin="score 123m456p789s11z55m+5m "
                     "self\nexplain\nwhy 平和 123m456p789s11z55m+5m self\n"
                     "why 自摸 123m456p789s11z55m+5m self\nfan 花龙\nfan 平和\n"
                     "fans\n"
                     "quiz waits seed=3\nskip\nquiz score seed=4\nskip\n"
                     "tutorial\n\n\n\n\n\n\n\n\n\ntutorial stop\n"
                     "new xuezhan seed=4\nauto\n".encode())[1])
    for t in texts:
        for line in t.splitlines():
            if re.search(r": ready; waits on |：听牌；听 ", line):
                continue   # a tile list, one line as in batch
            if width(line) > 80:
                wide.append((lang, width(line), line))
if not wide:
    ok("help (REPL and command line, %d REPL commands) and a played hand: "
       "every line at most 80 columns in both languages" % len(repl_cmds))
else:
    fail("%d lines wider than 80 columns, the first: %r" % (len(wide),
                                                            wide[0]))
sys.exit(1 if failed else 0)
