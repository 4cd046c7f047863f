mj.load("/etc/passwd")
