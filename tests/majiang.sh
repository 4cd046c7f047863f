#!/bin/sh
# An AI nobody here wrote at hule's table: @kobalab/majiang-ai (MIT, a
# rule-based riichi AI) through tests/bots/majiang/adapter.js, an mjai
# bot. A short duplicate match, three of it against hule's strong bot:
# no decision of it failed (every answer legal and in time), it won
# hands, declared riichi and dealt in no more than it should be able to
# (the figures of a long run: docs/bots.md, tests/majiang_bench.sh).
# Skipped, saying so, without Node.js or the packages (npm install in
# tests/bots/majiang; .ci/deps --test does it).
# Usage: majiang.sh HULE SRCDIR
hule=$1; src=$2
dir=$src/tests/bots/majiang
if ! command -v node > /dev/null 2>&1; then
  echo "skipped: Node.js is not installed (apt-get install nodejs)"; exit 77
fi
if [ ! -d "$dir/node_modules/@kobalab/majiang-ai" ]; then
  echo "skipped: majiang-ai is not installed (cd tests/bots/majiang && npm install)"; exit 77
fi
ai="mjai:node $dir/adapter.js"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
out=$("$hule" sim --ruleset riichi --games 8 --duplicate --seed 2 --bot-ms 5000 \
      --bots "strong,$ai,$ai,$ai" --out "$work/run.jsonl" 2>&1)
rc=$?
if [ $rc -ne 0 ] || echo "$out" | grep -q "failed a decision"; then
  echo "FAIL: majiang-ai's match (exit $rc)"; echo "$out" | grep -E "Warning|Error" | head -5
  exit 1
fi
python3 - "$work/run.jsonl" <<'PY'
import json, sys
games = [json.loads(l) for l in open(sys.argv[1])]
ai = lambda g, p: g["bots"][p].startswith("mjai:")
wins = [w for g in games for w in g["wins"] if ai(g, w["player"])]
riichi = sum(g.get("paid", {}).get("立直", 0) for g in games)
assert len(games) == 8, len(games)
assert wins, "majiang-ai won no hand"
assert riichi > 0, "nobody declared riichi"
print("ok   majiang-ai, 8 duplicate games against the strong bot: %d wins of its, "
      "no decision failed" % len(wins))
PY
