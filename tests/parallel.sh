#!/bin/sh
# The README's GNU parallel recipe, run here: four shards of a simulation
# spread by parallel (the sshlogin ":" is this machine; add hosts as
# -S host1,host2), then hule stats over the parts equals the single run.
# Usage: parallel.sh HULE WORKDIR
set -u
hule=$1
mkdir -p "$2" && cd "$2" || exit 1
if ! command -v parallel > /dev/null; then
  echo "FAIL: GNU parallel is not installed (Debian: parallel; .ci/deps has it)"
  exit 1
fi
rm -f part*.jsonl
parallel --will-cite -S : -j 4 \
  "'$hule' sim --ruleset mcr --games 400 --seed 11 --shard {}/4 --out $PWD/part{}.jsonl > /dev/null 2>&1" \
  ::: 1 2 3 4 || { echo "FAIL: parallel"; exit 1; }
"$hule" stats part1.jsonl part2.jsonl part3.jsonl part4.jsonl | tail -n +2 > merged.txt
"$hule" sim --ruleset mcr --games 400 --seed 11 2>/dev/null | tail -n +2 > one.txt
if cmp -s merged.txt one.txt; then
  echo "ok   GNU parallel over 4 shards, then hule stats = one run"
else
  echo "FAIL: the merged shards differ from one run"; diff merged.txt one.txt | head; exit 1
fi
