#!/usr/bin/env python3
"""End-to-end test of the live inspector: runs Inspector/'s statecraft-inspect-example (a chart machine with
an inspector attached) — or, with --args, `statecraft inspect CHART`, which starts the statecraft-inspector
server on a chart with the desk's states — opens the URL it prints in headless Chromium, sends the program events on its
standard input, and checks after each that the page follows: `window.statecraft.configuration()` and the
states highlighted in the drawing equal the configuration the program prints.

Usage: e2e-inspector.py --binary PATH [--args "inspect CHART"] [--screenshot FILE]
"""
import argparse
import subprocess
import sys
import time

from selenium.webdriver.common.by import By

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from importlib import import_module

visualizer = import_module("e2e-visualizer")

EVENTS = ["radio", "tune", "lamp", "radio", "lamp", "radio", "tune"]


def wait(predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out after {seconds} s: {what}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--args", default="", help="arguments for the binary, separated by spaces")
    parser.add_argument("--screenshot")
    arguments = parser.parse_args()
    command = [arguments.binary] + arguments.args.split()
    program = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    driver = None
    try:
        first = program.stdout.readline().strip()
        if not first.startswith("inspector: http://127.0.0.1:"):
            raise AssertionError(f"the program printed {first!r}, not the inspector's loopback URL")
        url = first.split(" ", 1)[1]
        driver = visualizer.open_driver(offline=False)
        driver.get(url)
        wait(lambda: driver.execute_script("var f = window.statecraft && window.statecraft.following(); return f && f.connected"),
             10, "the page connects to the inspector")
        def page_states():
            return sorted(driver.execute_script("return window.statecraft.configuration()"))
        def highlighted():
            return sorted(e.get_attribute("data-state")
                          for e in driver.find_elements(By.CSS_SELECTOR, "#diagram [data-state].sc-active"))
        wait(lambda: page_states() == ["desk", "lamp", "lampOff", "radio", "radioOff"], 10, "the start is shown")
        for event in EVENTS:
            program.stdin.write(event + "\n")
            program.stdin.flush()
            line = program.stdout.readline().strip()
            if not line.startswith("configuration: "):
                raise AssertionError(f"the program printed {line!r}")
            expected = sorted(line.split(" ")[1:])
            wait(lambda: page_states() == expected and highlighted() == expected, 10,
                 f"after {event} the page shows {expected} (it shows {page_states()}, highlighted {highlighted()})")
            print(f"ok: {event}: the page follows the program: {expected}")
        following = driver.execute_script("return window.statecraft.following()")
        if following["received"] != len(EVENTS) + 1 or following["dropped"] != 0:
            raise AssertionError(f"the page received {following}, expected {len(EVENTS) + 1} transitions, none dropped")
        if arguments.screenshot:
            driver.save_screenshot(arguments.screenshot)
        print(f"inspector: 1 passed, 0 failed ({following['received']} transitions followed from {' '.join(command)})")
        return 0
    except AssertionError as error:
        print(f"FAIL: {error}")
        print("inspector: 0 passed, 1 failed")
        return 1
    finally:
        if driver:
            driver.quit()
        program.stdin.close()
        try:
            program.wait(timeout=10)
        except subprocess.TimeoutExpired:
            program.kill()


if __name__ == "__main__":
    sys.exit(main())
