#!/usr/bin/env python3
"""Instructions executed at each address of one function, from a callgrind profile: where an event's cost is.

    cd Benchmarks && swift build -c release --product statecraft-instructions
    cp .build/release/statecraft-instructions /tmp/si && strip --strip-debug /tmp/si
    valgrind --tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no \\
        --callgrind-out-file=/tmp/profile /tmp/si Chart.flat 3
    python3 Scripts/instructions-by-address.py /tmp/profile /tmp/si 'DriveO5chart' 1000000

Prints the function's disassembly (objdump) with the count of each instruction at or above THRESHOLD, and
each call with the instructions it cost (inclusive). The function is the first whose mangled name matches
PATTERN (a regular expression). `strip --strip-debug` keeps the symbols, which objdump and callgrind need, and
drops the debug information valgrind cannot read. Divide a count by the events of the run (3 passes of
1,000,000 above) for instructions per event.
"""
import collections
import re
import subprocess
import sys


def main(profile, binary, pattern, threshold):
    counts = collections.Counter()
    calls = {}
    function = callee = None
    call_follows = False
    with open(profile) as lines:
        for line in lines:
            if line.startswith("fn="):
                function = line[3:].strip()
            elif line.startswith("cfn="):
                callee = line[4:].strip()
            elif line.startswith("calls="):
                call_follows = True
                continue
            elif line.startswith("0x") and function and re.search(pattern, function):
                fields = line.split()
                address, cost = int(fields[0], 16), int(fields[-1])
                if call_follows:
                    calls[address] = (callee, cost)
                else:
                    counts[address] += cost
            call_follows = False
    if not counts:
        sys.exit(f"no function matching {pattern!r} in {profile}")
    start, end = min(counts), max(counts) + 16
    listing = subprocess.run(
        ["objdump", "-d", "--no-show-raw-insn", f"--start-address={start}", f"--stop-address={end}", binary],
        capture_output=True, text=True, check=True).stdout
    total = 0
    for line in listing.splitlines():
        match = re.match(r"\s*([0-9a-f]+):\s*(.*)", line)
        if not match:
            continue
        address = int(match.group(1), 16)
        total += counts.get(address, 0)
        if counts.get(address, 0) >= threshold:
            print(f"{counts[address]:>12}  {address:x}  {match.group(2)[:110]}")
        if address in calls and calls[address][1] >= threshold:
            print(f"{'call':>12}  {calls[address][0][:90]}  (inclusive {calls[address][1]})")
    print(f"total {total}")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit("usage: instructions-by-address.py PROFILE BINARY PATTERN THRESHOLD")
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
