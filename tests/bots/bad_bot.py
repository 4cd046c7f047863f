#!/usr/bin/env python3
"""A bot program that misbehaves as asked (argv[1]): "slow" sleeps past
the limit on every third decision, "liar" answers an action that is not
legal, "garbage" answers a line that is not JSON, "quit" ends after three
decisions, "mute" reads and never answers; "peek" answers well unless
the view shows what its seat may not know (then it answers garbage);
"wrongid" answers every decision under another id; "fork" leaves two
processes running (one a grandchild), their pids appended to the file
argv[2], and plays well; "setsid" leaves a grandchild that left the
process group and the session (os.setsid), its pid appended to argv[2],
and plays well; "seats" plays well and appends each seat it is
asked for to the file argv[2].PID; "index0" and "index1.5" answer those
indexes (the first action is index 1); "closeout" closes its stdout and
stays alive, reading."""
import json
import os
import subprocess
import sys
import time

how = sys.argv[1]
if how == "fork":
    kids = [subprocess.Popen(["sleep", "600"]).pid]
    if os.fork() == 0:          # a grandchild that outlives its parent
        if os.fork() == 0:
            time.sleep(600)
        os._exit(0)
    with open(sys.argv[2], "a") as f:
        f.write("%d\n" % kids[0])
    os.wait()
    out = subprocess.run(["pgrep", "-g", str(os.getpgrp())], capture_output=True, text=True)
    with open(sys.argv[2], "a") as f:
        f.write(out.stdout)
if how == "setsid":
    r, w = os.pipe()
    if os.fork() == 0:
        if os.fork() == 0:      # a grandchild in a session of its own
            os.setsid()
            os.close(r)
            os.write(w, b"%d\n" % os.getpid())
            os.close(w)
            time.sleep(600)
            os._exit(0)
        os._exit(0)
    os.close(w)
    os.wait()
    pid = os.read(r, 64).decode()
    with open(sys.argv[2], "a") as f:
        f.write(pid)
if how == "closeout":
    os.close(1)
    for line in sys.stdin:
        pass
    sys.exit(0)
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
    if how == "seats":
        with open("%s.%d" % (sys.argv[2], os.getpid()), "a") as f:
            f.write("%d\n" % req["view"]["seat"])
    if how == "wrongid":
        print(json.dumps({"id": req["id"] + 1000, "index": 1}), flush=True)
        continue
    if how in ("index0", "index1.5"):
        print(json.dumps({"id": req["id"], "index": float(how[5:])}), flush=True)
        continue
    if how == "liar":
        ans = {"id": req["id"], "action": "d 9z"}
    elif how == "garbage":
        print("this is not json", flush=True)
        continue
    else:
        ans = {"id": req["id"], "index": len(req["legal"])}
    print(json.dumps(ans), flush=True)
