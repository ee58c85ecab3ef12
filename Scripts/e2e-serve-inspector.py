#!/usr/bin/env python3
"""End-to-end test of `statecraft serve`'s inspector page: starts statecraft-serve on the order chart with a
temporary SQLite store, creates a machine, opens `GET /machines/ID/inspect` in headless Chromium, POSTs events
to the machine, and checks after each that the page follows the server's live stream: the configuration
`window.statecraft.configuration()` shows and the states highlighted in the drawing are the machine's (as
`GET /machines/ID` answers), and the page's log lists every committed macrostep.

Usage: e2e-serve-inspector.py --server PATH [--screenshot FILE]
"""
import argparse
import json
import subprocess
import sys
import tempfile
import urllib.request

from selenium.webdriver.common.by import By

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from importlib import import_module

visualizer = import_module("e2e-visualizer")
wait = import_module("e2e-inspector").wait

CHART = "Server/Charts/order.scxml"
MACHINE = "order-1"
EVENTS = ["add", "add", "checkout", "pay"]


def request(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    outgoing = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(outgoing, timeout=10) as answer:
        return json.loads(answer.read())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, help="the statecraft-serve binary")
    parser.add_argument("--screenshot")
    arguments = parser.parse_args()
    work = tempfile.TemporaryDirectory()
    server = subprocess.Popen(
        [arguments.server, CHART, "--store", f"sqlite:{work.name}/machines.sqlite", "--http", "127.0.0.1:0"],
        stdout=subprocess.PIPE, text=True, bufsize=1)
    driver = None
    try:
        first = server.stdout.readline().strip()
        if not first.startswith("listening on http://127.0.0.1:"):
            raise AssertionError(f"the server printed {first!r}, not the loopback URL it listens on")
        url = first.split(" ", 2)[2]
        request("POST", f"{url}/machines", {"id": MACHINE})
        driver = visualizer.open_driver(offline=False)
        driver.get(f"{url}/machines/{MACHINE}/inspect")

        def page_states():
            return sorted(driver.execute_script("return window.statecraft ? window.statecraft.configuration() : []"))

        def highlighted():
            return sorted(e.get_attribute("data-state")
                          for e in driver.find_elements(By.CSS_SELECTOR, "#diagram [data-state].sc-active"))

        def page_events():
            return [entry["event"] for entry in driver.execute_script("return window.statecraft.log()")]

        wait(lambda: driver.execute_script("var f = window.statecraft && window.statecraft.following(); return f && f.connected"),
             20, "the page connects to the machine's stream")
        wait(lambda: page_states() == ["cart"] and highlighted() == ["cart"], 10,
             f"the page shows the machine's start (it shows {page_states()})")
        for count, event in enumerate(EVENTS, start=1):
            answer = request("POST", f"{url}/machines/{MACHINE}/events", {"name": event})
            steps = answer["macrosteps"]
            state = request("GET", f"{url}/machines/{MACHINE}")
            expected = sorted([state["finalState"]] if state["finished"] else state["configuration"])
            shown = sorted(steps[-1]["configuration"]) if steps else expected
            wait(lambda: page_states() == shown and highlighted() == shown, 10,
                 f"after {event} the page shows {shown} (it shows {page_states()}, highlighted {highlighted()})")
            # The page's own start (None), the stream's state (""), then one entry per committed macrostep.
            wait(lambda: page_events() == [None, ""] + EVENTS[:count], 10,
                 f"after {event} the page's log lists {EVENTS[:count]} (it lists {page_events()})")
            print(f"ok: {event}: the page follows the served machine: {shown} (machine: {expected})")
        following = driver.execute_script("return window.statecraft.following()")
        if following["received"] != len(EVENTS) + 1:
            raise AssertionError(f"the page received {following}, expected {len(EVENTS) + 1} messages")
        if arguments.screenshot:
            driver.save_screenshot(arguments.screenshot)
        print(f"serve-inspector: 1 passed, 0 failed ({following['received']} messages followed from {url})")
        return 0
    except AssertionError as error:
        print(f"FAIL: {error}")
        print("serve-inspector: 0 passed, 1 failed")
        return 1
    finally:
        if driver:
            driver.quit()
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        work.cleanup()


if __name__ == "__main__":
    sys.exit(main())
