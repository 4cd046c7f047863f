#!/usr/bin/env python3
"""A bot program that misbehaves as asked (argv[1]): "slow" sleeps past
the limit on every third decision, "liar" answers an action that is not
legal, "garbage" answers a line that is not JSON, "quit" ends after three
decisions, "mute" reads and never answers; "peek" answers well unless
the view shows what its seat may not know (then it answers garbage)."""
import json
import sys
import time

how = sys.argv[1]
n = 0
for line in sys.stdin:
    req = json.loads(line)
    n += 1
    if how == "mute":
        continue
    if how == "quit" and n > 3:
        sys.exit(0)
    if how == "slow" and n % 3 == 0:
        time.sleep(0.5)
    if how == "peek":
        v = req["view"]
        ok = True
        for q, p in enumerate(v["players"], 1):
            if q != v["seat"]:
                ok = ok and set(p) <= {"score", "tiles", "melds", "discards",
                                       "missing", "active"}
                ok = ok and all(not m.startswith("{") or m == "{concealed kong}"
                                for m in p["melds"])
        print(json.dumps({"id": req["id"], "index": 1}) if ok else "leak",
              flush=True)
        continue
    if how == "liar":
        ans = {"id": req["id"], "action": "d 9z"}
    elif how == "garbage":
        print("this is not json", flush=True)
        continue
    else:
        ans = {"id": req["id"], "index": len(req["legal"])}
    print(json.dumps(ans), flush=True)
