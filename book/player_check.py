#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# book/player_check.py - drive the player page in headless Chromium
# (make book-check runs it after book/browser_check.py)
#
#   python3 book/player_check.py HTML_DIR SHOTS_DIR REAPLAB
#
# Opens player/play.html from disk (file://), as a reader does, and for
# every era's shipped schedules and every counterexample the explorer
# found (player-data.js, made at build time) plays the schedule by
# clicking the thread buttons, one operation per click, then compares the
# diagram the page shows with what `REAPLAB replay ERA SCENARIO
# 'SCHEDULE'` prints after its header line, byte for byte.  It also
# checks undo (one step back, then the same step again gives the same
# text), a position given in the URL, shift-click, the copy button, the
# challenges (reached where the oracle fired, open on a clean era), the
# state panel's VMAs (the list before v6.1, the maple tree from v6.1 on),
# and prints a table of times: the page usable after load, and per click
# (the module's replay plus drawing) the median and 95th percentile.  A
# screenshot of a race half played goes to SHOTS_DIR/player.png, and one
# of v6.1's exit, whose panel shows the maple tree, to player-maple.png.
# Exit status 0 if every check passed, 1 if not, 2 if the browser could
# not be started; a book built without Emscripten has no player to check
# and passes, saying so.
import os
import subprocess
import sys
import tempfile
import time

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("player-check: python3-selenium is missing: run `make deps BOOK=1`")

# Clicks the buttons of a schedule in the page, in one round trip: the
# page's own click handlers run, as for a reader's click.
PLAY = r"""
const toks = arguments[0].split(' ').filter(t => t);
for (const tok of toks) {
    const letter = tok[0], n = parseInt(tok.slice(1));
    for (let k = 0; k < n; k++) {
        const b = [...document.querySelectorAll('#pl-threads button')]
            .find(x => x.id.startsWith('pl-t-') && x.textContent[0] === letter);
        if (!b || b.disabled)
            return 'cannot click ' + letter + ' at ' + tok + ': ' +
                (b ? b.title : 'no button');
        b.click();
    }
}
return '';
"""


def browser(user):
    opts = Options()
    for a in ("--headless", "--no-sandbox", "--disable-gpu",
              "--no-first-run", "--disable-background-networking",
              "--disable-component-update", "--disable-sync",
              "--disable-dev-shm-usage", "--window-size=1600,1000",
              "--user-data-dir=" + user):
        opts.add_argument(a)
    opts.binary_location = "/usr/bin/chromium"
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                            options=opts)


def cli(reaplab, *args):
    r = subprocess.run([reaplab] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    return r.stdout


def wait(drv, js, what, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        v = drv.execute_script(js)
        if v:
            return v
        time.sleep(0.02)
    raise RuntimeError("timed out waiting for " + what)


def open_at(drv, page, pos):
    drv.get("about:blank")
    drv.get("file://" + page + "#" + pos)
    wait(drv, "return document.getElementById('player-app').dataset.ready"
         " || !document.getElementById('pl-missing').hidden", "the player")


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else 0.0


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: player_check.py HTML_DIR SHOTS_DIR REAPLAB")
    html, shots, reaplab = (os.path.abspath(a) for a in sys.argv[1:])
    page = os.path.join(html, "player", "play.html")
    if not os.path.isfile(page):
        print("player-check: %s is missing: run `make book`" % page)
        return 1
    os.makedirs(shots, exist_ok=True)
    problems = []
    rows = []
    identical = 0
    with tempfile.TemporaryDirectory(prefix="reaplab-player-") as user:
        try:
            drv = browser(user)
        except WebDriverException as e:
            print("player-check: cannot start headless Chromium: %s"
                  % str(e).strip().splitlines()[0], file=sys.stderr)
            return 2
        try:
            t0 = time.time()
            open_at(drv, page, "v4.9/oom")
            if drv.execute_script(
                    "return !document.getElementById('pl-missing').hidden"):
                print("player-check: the book was built without the player "
                      "(no emcc): nothing to check; `make deps BOOK=1` "
                      "installs Emscripten")
                return 0
            data = drv.execute_script("return window.PLAYER_DATA")
            cases = []
            for e in data["eras"]:
                for s in e["schedules"]:
                    cases.append((e["id"], s["scenario"], s["name"],
                                  s["schedule"]))
                for s in e["scenarios"]:
                    if s["counterexample"]:
                        cases.append((e["id"], s["name"], "counterexample",
                                      s["counterexample"]))
            for era, scn, name, sched in cases:
                want = cli(reaplab, "replay", era, scn, sched)
                want = want.split("\n", 2)[2] if want.count("\n") > 2 else ""
                full = [l for l in cli(reaplab, "replay", era, scn, sched,
                                       "--full").splitlines()
                        if l.startswith("Schedule: ")]
                if not want or not full:
                    problems.append("%s/%s %s: reaplab replay printed "
                                    "nothing" % (era, scn, name))
                    continue
                full = full[0][len("Schedule: "):].split("   (")[0]
                open_at(drv, page, "%s/%s" % (era, scn))
                load_ms = drv.execute_script("return window.playerReadyMs")
                drv.execute_script("window.playerTimings = []")
                err = drv.execute_script(PLAY, full)
                if err:
                    problems.append("%s/%s %s: %s" % (era, scn, name, err))
                    continue
                got = drv.execute_script(
                    "return document.getElementById('pl-diagram').textContent")
                times = drv.execute_script(
                    "return window.playerTimings.filter(t => "
                    "t.fn === 'player_step').map(t => t.ms + t.draw)")
                if got == want:
                    verdict = "identical"
                    identical += 1
                else:
                    verdict = "DIFFERENT"
                    problems.append(
                        "%s/%s %s: the page's diagram differs from reaplab "
                        "replay's (%d vs %d bytes)" % (era, scn, name,
                                                       len(got), len(want)))
                # the challenge: its oracle fired, so it is reached
                ch = drv.execute_script(
                    "const c = document.getElementById('pl-challenge');"
                    " return [c.className, c.textContent]")
                if ch[0] != "pl-reached" or "fewest" not in ch[1]:
                    problems.append("%s/%s %s: the challenge is not shown "
                                    "as reached: %s" % (era, scn, name, ch))
                rows.append((era, scn, name, len(times), load_ms,
                             pct(times, 0.5), pct(times, 0.95), verdict))
                # undo: one step back, and the same click again
                before = drv.execute_script(
                    "return document.getElementById('pl-sched').textContent")
                drv.find_element(By.ID, "pl-undo").click()
                after = drv.execute_script(
                    "return [document.getElementById('pl-sched').textContent,"
                    " document.getElementById('pl-steps').textContent]")
                last = full.split()[-1]
                err = drv.execute_script(PLAY, last[0] + "1")
                again = drv.execute_script(
                    "return document.getElementById('pl-diagram').textContent")
                if err or again != got or after[0] == before:
                    problems.append("%s/%s %s: undo then the same click "
                                    "does not come back (%s)" %
                                    (era, scn, name, err or after[0]))
            # a position in the URL, as a chapter links it: v4.9's
            # counterexample but its last segment
            cex = [s["counterexample"] for e in data["eras"]
                   if e["id"] == "v4.9" for s in e["scenarios"]
                   if s["name"] == "oom"][0]
            pos = " ".join(cex.split()[:-1])
            open_at(drv, page, "v4.9/oom/" + pos)
            shown = drv.execute_script(
                "return [document.getElementById('pl-sched').textContent,"
                " location.hash]")
            if shown[0] != pos or "v4.9/oom/" not in shown[1]:
                problems.append("URL #v4.9/oom/%s: the page is at '%s' (%s)"
                                % (pos, shown[0], shown[1]))
            # shift-click: on to the next sleep or block
            n0 = drv.execute_script("return window.playerTimings.length")
            b = drv.find_element(By.CSS_SELECTOR, "#pl-threads button:not([disabled])")
            ActionChains(drv).key_down(Keys.SHIFT).click(b).key_up(
                Keys.SHIFT).perform()
            moved = drv.execute_script(
                "return document.getElementById('pl-sched').textContent")
            if moved == pos or drv.execute_script(
                    "return window.playerTimings.length") != n0 + 1:
                problems.append("shift-click did not run a thread on")
            # a clean era's challenge is an open invitation, with its proof
            open_at(drv, page, "v6.18/oom")
            ch = drv.execute_script(
                "const c = document.getElementById('pl-challenge');"
                " return [c.className, c.textContent]")
            if ch[0] != "pl-open" or "executions" not in ch[1]:
                problems.append("v6.18/oom: no open challenge: %s" % ch)
            open_at(drv, page, "v4.9/oom/" + pos)
            # the copy button
            drv.find_element(By.ID, "pl-copy").click()
            copied = drv.execute_script(
                "return [document.getElementById('pl-copybuf').value,"
                " document.getElementById('pl-sched').textContent,"
                " document.getElementById('pl-copied').textContent]")
            if copied[0] != copied[1] or copied[1] not in copied[2]:
                problems.append("copy: copied '%s' for '%s'" %
                                (copied[0], copied[1]))
            # mid-race: the v4.9 counterexample, a few steps before its end
            open_at(drv, page, "v4.9/oom/counterexample")
            for _ in range(4):
                drv.find_element(By.ID, "pl-undo").click()
            drv.save_screenshot(os.path.join(shots, "player.png"))
            # from v6.1 the VMAs live in the maple tree, and the panel
            # shows them there: one operation at a time, the victim first,
            # until its exit_mmap() has freed a VMA still in the tree
            open_at(drv, page, "v6.1/oom")
            panel = drv.execute_script("""
                const st = () => document.getElementById('pl-state')
                    .textContent;
                for (let k = 0; k < 600 && !st().includes('freed'); k++) {
                    const bs = [...document.querySelectorAll(
                        '#pl-threads button')].filter(x =>
                        x.id.startsWith('pl-t-') && !x.disabled);
                    const b = ['V', 'A', 'R', 'W'].map(l => bs.find(
                        x => x.textContent[0] === l)).find(x => x);
                    if (!b)
                        break;
                    b.click();
                }
                return st();""")
            drv.save_screenshot(os.path.join(shots, "player-maple.png"))
            if ("maple tree, mm->mm_mt:" not in panel or
                    "mm->mmap:" in panel or ": freed" not in panel):
                problems.append("v6.1/oom: the state panel does not show "
                                "the maple tree: %s" % panel[:300])
            open_at(drv, page, "v4.9/oom")
            panel = drv.execute_script(
                "return document.getElementById('pl-state').textContent")
            if "VMA list, mm->mmap:" not in panel or "maple" in panel:
                problems.append("v4.9/oom: the state panel does not show "
                                "the VMA list: %s" % panel[:300])
            for entry in drv.get_log("browser"):
                if entry.get("level") == "SEVERE":
                    problems.append("console: " + entry.get("message", ""))
        except (WebDriverException, RuntimeError) as e:
            problems.append("the page failed: %s" % str(e).splitlines()[0])
        finally:
            drv.quit()
        total = time.time() - t0
    print("player-check: %-11s %-15s %-15s %6s %8s %10s %9s  %s" % (
        "era", "scenario", "schedule", "clicks", "load ms", "click p50",
        "p95 ms", "diagram vs CLI"))
    for r in rows:
        print("player-check: %-11s %-15s %-15s %6d %8.0f %10.1f %9.1f  %s"
              % r)
    for p in problems:
        print("player-check: " + p)
    sizes = [os.path.getsize(os.path.join(html, "player", f))
             for f in os.listdir(os.path.join(html, "player"))
             if f.startswith("reaplab-")]
    print("player-check: %d schedules played by clicks in %.0f s: %d "
          "identical to reaplab replay; largest module %.0f KiB; %s; "
          "screenshot %s" % (
              len(rows), total, identical,
              max(sizes) / 1024 if sizes else 0,
              "%d problem%s" % (len(problems), "" if len(problems) == 1
                                else "s") if problems else "no problems",
              os.path.join(shots, "player.png")))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
