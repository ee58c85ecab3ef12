#!/usr/bin/env python3
"""End-to-end test of `statecraft visualize` in headless Chromium (selenium + Debian's chromium-driver).

For each chart: writes the page with `statecraft visualize`, runs the same input through
`statecraft run FILE --events "..."`, opens the page from file:// with the network unavailable, clicks the
event buttons (and types pauses into the clock control), then runs the remaining delayed events with the
"advance the clock" button, as `run` does once its input is consumed. Every macrostep in the page's log
must equal `run`'s line (event, exited, entered, sorted configuration), and at the end the states
highlighted in the drawing, the configuration panel and `window.statecraft.configuration()` must all equal
`run`'s final configuration. Then back/forward, reset, `runPendingEvents()` (against `run` without input)
and an unknown event are checked. Screenshots go to --screenshots.

Usage: e2e-visualizer.py --binary .build/debug/statecraft [--screenshots DIR] [--only NAME]
Exit status 0 when every case passes, 1 otherwise.
"""
import argparse
import json
import pathlib
import re
import socket
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHARTS = ROOT / "Tests/StatecraftVisualizerTests/Charts"
W3C = ROOT.parent / "shared/conformance/w3c"

# (name, chart, input items as for `statecraft run --events`)
CASES = [
    ("stenciltown", CHARTS / "stenciltown.scxml",
     "download +5s download +1s reset +6s download downloadFailed download +3s"),
    ("desk", CHARTS / "desk.scxml", "radio tune radio lamp radio tune tune radio radio +30s tune"),
    ("desk-sleeps", CHARTS / "desk.scxml", "radio tune lamp"),
    ("microwave", ROOT / "Tests/StatecraftCLITests/Expected/microwave.scxml",
     "turn.on door.open tick door.close tick tick resume turn.off"),
    ("kettle", ROOT / "Tests/StatecraftCLITests/Expected/kettle.scxml", "fill switch.on +30s switch.off switch.on +90s pour close"),
]
for test in ["144", "185", "208", "387", "388", "403a", "570", "579"]:
    CASES.append((f"w3c-{test}", W3C / f"test{test}.scxml", ""))


def run_lines(binary, chart, items):
    result = subprocess.run([binary, "run", str(chart), "--events", items], capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise RuntimeError(f"statecraft run {chart} failed ({result.returncode}): {result.stderr}")
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def milliseconds(item):
    match = re.fullmatch(r"\+(\d+(?:\.\d+)?)(ms|s|m|min|h)?", item)
    if not match:
        raise ValueError(f"not a pause: {item}")
    factor = {"ms": 1, "s": 1000, None: 1000, "m": 60000, "min": 60000, "h": 3600000}[match.group(2)]
    return float(match.group(1)) * factor


def normalized(entry):
    return {"event": entry["event"], "exited": entry["exited"], "entered": entry["entered"],
            "configuration": sorted(entry["configuration"])}


def open_driver(offline=True):
    """Headless Chromium; offline: DevTools' offline mode too (the inspector's page needs loopback)."""
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"]
    if offline:
        # Everything, loopback included, goes to a proxy that is not there.
        arguments += ["--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>"]
    for argument in arguments:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    if offline:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                               {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0})
    return driver


def check_case(driver, binary, name, chart, items, screenshots, workdir):
    problems = []
    page = workdir / f"{name}.html"
    written = subprocess.run([binary, "visualize", str(chart), "-o", str(page)], capture_output=True, text=True, timeout=120)
    # Exit 3: the exploration stopped at a bound (the kettle counts its cups without end) and said so first;
    # the page shows the part explored, which holds every step the case takes.
    partial = written.returncode == 3 and "exploration is incomplete" in written.stderr and page.exists()
    if written.returncode != 0 and not partial:
        return [f"statecraft visualize failed ({written.returncode}): {written.stderr.strip()}"]
    expected = run_lines(binary, chart, items)

    driver.get(page.as_uri())
    ready = driver.execute_script("return document.body.getAttribute('data-ready')")
    if ready != "true":
        return ["the page did not start (no data-ready)"]
    loaded = driver.execute_script(
        "return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
    if loaded:
        problems.append(f"the page loaded resources: {loaded}")
    external = driver.execute_script(
        "return document.querySelectorAll('script[src], link, img, iframe, object, embed').length")
    if external:
        problems.append(f"the page has {external} elements that load something")

    clicked, sent = 0, 0
    for item in items.split():
        if item.startswith("+"):
            field = driver.find_element(By.ID, "advance-ms")
            field.clear()
            field.send_keys(str(int(milliseconds(item))))
            driver.find_element(By.ID, "advance-by").click()
            continue
        buttons = driver.find_elements(By.CSS_SELECTOR, f'#events button[data-event="{item}"]:not([disabled])')
        if buttons:
            buttons[0].click()
            clicked += 1
        else:
            # Not enabled here: no button. Send it anyway, as `run` does; the page must ignore it.
            driver.execute_script("window.statecraft.send(arguments[0])", item)
            sent += 1
    if screenshots:
        driver.save_screenshot(str(screenshots / f"{name}.png"))
    advances = 0
    while advances < 1000 and driver.find_element(By.ID, "advance-next").is_enabled():
        driver.find_element(By.ID, "advance-next").click()
        advances += 1

    log = [normalized(entry) for entry in driver.execute_script("return window.statecraft.log()")]
    wanted = [normalized(entry) for entry in expected]
    if log != wanted:
        for index in range(max(len(log), len(wanted))):
            have = log[index] if index < len(log) else None
            want = wanted[index] if index < len(wanted) else None
            if have != want:
                problems.append(f"macrostep {index}: page {have} != run {want}")
                break
        problems.append(f"the page logged {len(log)} macrosteps, run printed {len(wanted)}")

    final = sorted(expected[-1]["configuration"])
    api = sorted(driver.execute_script("return window.statecraft.configuration()"))
    highlighted = sorted(element.get_attribute("data-state")
                         for element in driver.find_elements(By.CSS_SELECTOR, "#diagram [data-state].sc-active"))
    listed = sorted(element.get_attribute("data-state")
                    for element in driver.find_elements(By.CSS_SELECTOR, "#configuration [data-state]"))
    for what, value in [("configuration()", api), ("highlighted states", highlighted), ("configuration panel", listed)]:
        if value != final:
            problems.append(f"{what} {value} != run's final configuration {final}")

    # Back undoes the last action, forward redoes it, reset returns to the start.
    if driver.execute_script("return window.statecraft.back()"):
        driver.find_element(By.ID, "forward").click()
        if sorted(driver.execute_script("return window.statecraft.configuration()")) != final:
            problems.append("back then forward did not return to the final configuration")
    # Reset starts over: the start and the events it sent itself, as `run` begins.
    driver.find_element(By.ID, "reset").click()
    restarted = [normalized(entry) for entry in driver.execute_script("return window.statecraft.log()")]
    if not restarted or restarted != wanted[:len(restarted)]:
        problems.append(f"after reset the log is {restarted}, not the start of run's output")
    # The API alone, without clicks: runPendingEvents() is `run` without input; an unknown event is ignored.
    driver.execute_script("window.statecraft.runPendingEvents()")
    unattended = [normalized(entry) for entry in driver.execute_script("return window.statecraft.log()")]
    if unattended != [normalized(entry) for entry in run_lines(binary, chart, "")]:
        problems.append(f"runPendingEvents() after reset logged {unattended}, unlike `run` without input")
    if not driver.execute_script("return window.statecraft.isFinished()"):
        before = driver.execute_script("return window.statecraft.configuration()")
        if driver.execute_script("return window.statecraft.send('no.such.event')"):
            problems.append("send('no.such.event') took a step")
        if driver.execute_script("return window.statecraft.configuration()") != before:
            problems.append("send('no.such.event') changed the configuration")
    if screenshots and not items:
        driver.save_screenshot(str(screenshots / f"{name}.png"))
    print(f"{'ok' if not problems else 'FAIL'}: {name}: {len(wanted)} macrosteps, {clicked} clicks, "
          f"{sent} events without a button, {advances} clock advances; final {final}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/debug/statecraft"))
    parser.add_argument("--screenshots", type=pathlib.Path)
    parser.add_argument("--only", action="append", default=[])
    arguments = parser.parse_args()
    try:
        socket.create_connection(("deb.debian.org", 80), timeout=3).close()
        print("note: the network is reachable from this process; the page's network is still off "
              "(DevTools offline emulation and an unreachable proxy)")
    except OSError:
        print("network: unavailable to this process and the browser")
    if arguments.screenshots:
        arguments.screenshots.mkdir(parents=True, exist_ok=True)
    failures, ran = 0, 0
    driver = open_driver()
    try:
        with tempfile.TemporaryDirectory() as directory:
            for name, chart, items in CASES:
                if arguments.only and name not in arguments.only:
                    continue
                problems = check_case(driver, arguments.binary, name, chart, items, arguments.screenshots,
                                      pathlib.Path(directory))
                ran += 1
                for problem in problems:
                    print(f"    {problem}")
                failures += bool(problems)
    finally:
        driver.quit()
    print(f"{'visualizer' if failures == 0 and ran else 'FAIL'}: {ran - failures} passed, {failures} failed")
    return 1 if failures or not ran else 0


if __name__ == "__main__":
    sys.exit(main())
