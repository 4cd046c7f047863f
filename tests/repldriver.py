# hule's REPL over a pipe, for the tests that drive it (hidden_info.py,
# readme.py): ask(line) sends the line and a marker command, and returns
# the lines printed before the marker's error.
import os
import select
import subprocess
import time

# "help __mark__": a command in every mode, its error in either language
MARKS = (b"no command \"__mark__\"", "没有命令 “__mark__”".encode())


class Repl:
    def __init__(self, hule, cwd=None, timeout=30):
        env = dict(os.environ, NO_COLOR="1")
        if cwd is not None:
            env["HOME"] = cwd
        self.p = subprocess.Popen([hule], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, env=env, cwd=cwd)
        self.buf = b""
        self.timeout = timeout

    def ask(self, line):
        self.p.stdin.write((line + "\nhelp __mark__\n").encode())
        self.p.stdin.flush()
        end = time.time() + self.timeout
        while not any(m in self.buf for m in MARKS):
            left = end - time.time()
            if left <= 0:
                raise SystemExit("no answer to %r in %ds" % (line, self.timeout))
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                if not chunk:
                    raise SystemExit("hule ended after %r" % line)
                self.buf += chunk
        mark = min((m for m in MARKS if m in self.buf),
                   key=lambda m: self.buf.index(m))
        text, _, rest = self.buf.partition(mark)
        self.buf = rest.split(b"\n", 1)[1] if b"\n" in rest else b""
        lines = text.decode().splitlines()
        if lines and lines[-1].rstrip() in ("Error:", "错误：", ""):
            lines.pop()        # the marker's own "Error: " prefix
        elif lines and lines[-1].endswith("Error: "):
            lines[-1] = lines[-1][:-len("Error: ")]
        elif lines and lines[-1].endswith("错误："):
            lines[-1] = lines[-1][:-len("错误：")]
        return lines

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=10)
