#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# book/browser_check.py - read the built book in a real browser (make book-check)
#
#   python3 book/browser_check.py HTML_DIR SHOTS_DIR
#
# Opens every page of the book in headless Chromium (Debian's chromium,
# chromium-driver and python3-selenium: `make deps BOOK=1`), from the files
# as a reader opens them (file://), and fails on what would stop a reader:
#
#   - a page that does not load, or loads without a title;
#   - a JavaScript error on the browser console;
#   - an internal link to a page that does not exist, or to an anchor the
#     page does not have;
#   - an image, an <object> or an inline <svg> that renders at zero size or
#     did not load (a figure Graphviz or mscgen failed to draw);
#   - a code fragment (\snippet, \include, \verbinclude) that came out empty.
#
# It saves screenshots of the start page, the v4.9 chapter, the primer and
# "Reading the tools" in SHOTS_DIR, and ends with one line of counts.  Exit status 0 if the
# book passed, 1 if not, 2 if the browser could not be started.
import os
import sys
import tempfile
import urllib.parse

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
except ImportError:
    sys.exit("book-check: python3-selenium is missing: run `make deps BOOK=1`")

SHOTS = {
    "index.html": "index.png",
    "era_v4_9.html": "era_v4_9.png",
    "primer.html": "primer.png",
    "tools.html": "tools.png",
}

# Run in the page after it has loaded: every fact the checks need, at once.
PROBE = r"""
const out = {title: document.title, ids: [], links: [], media: [], fragments: []};
for (const e of document.querySelectorAll('[id]')) out.ids.push(e.id);
for (const e of document.querySelectorAll('a[name]')) out.ids.push(e.name);
for (const a of document.querySelectorAll('a[href]'))
    out.links.push(a.getAttribute('href'));
for (const e of document.querySelectorAll('img, object, svg, iframe')) {
    if (e.tagName.toLowerCase() === 'svg' && e.closest('object')) continue;
    if (e.closest('#side-nav, #nav-tree, .sm, #MSearchBox, #MSearchSelectWindow'))
        continue;
    const r = e.getBoundingClientRect();
    out.media.push({
        tag: e.tagName.toLowerCase(),
        src: e.getAttribute('src') || e.getAttribute('data') || '(inline)',
        width: r.width, height: r.height,
        loaded: e.tagName.toLowerCase() === 'img' ?
            (e.complete && e.naturalWidth > 0) : true,
        hidden: e.offsetParent === null && getComputedStyle(e).position !== 'fixed',
    });
}
for (const e of document.querySelectorAll('div.fragment, pre.fragment'))
    out.fragments.push(e.textContent.trim().length);
return out;
"""


def browser(user_data):
    opts = Options()
    for arg in ("--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,900",
                "--user-data-dir=" + user_data):
        opts.add_argument(arg)
    opts.binary_location = "/usr/bin/chromium"
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                            options=opts)


def full_page_shot(drv, path):
    """The whole page, not only the window: what a reader scrolls through."""
    height = drv.execute_script(
        "return Math.max(document.body.scrollHeight,"
        " document.documentElement.scrollHeight,"
        " (document.getElementById('doc-content') || document.body).scrollHeight)")
    drv.set_window_size(1280, min(max(int(height) + 40, 900), 16000))
    drv.save_screenshot(path)
    drv.set_window_size(1280, 900)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: browser_check.py HTML_DIR SHOTS_DIR")
    html = os.path.abspath(sys.argv[1])
    shots = os.path.abspath(sys.argv[2])
    if not os.path.isfile(os.path.join(html, "index.html")):
        sys.exit("book-check: %s/index.html is missing: run `make book`" % html)
    os.makedirs(shots, exist_ok=True)
    pages = sorted(f for f in os.listdir(html) if f.endswith(".html"))
    problems = []
    counts = dict(pages=0, links=0, anchors=0, media=0, fragments=0, svgs=0)
    svgs = set()
    ids_of = {}
    links_of = {}

    with tempfile.TemporaryDirectory(prefix="reaplab-chromium-") as user:
        try:
            drv = browser(user)
        except WebDriverException as e:
            print("book-check: cannot start headless Chromium: %s"
                  % str(e).strip().splitlines()[0], file=sys.stderr)
            return 2
        try:
            for page in pages:
                url = "file://" + os.path.join(html, page)
                try:
                    drv.get(url)
                    if page in SHOTS:
                        full_page_shot(drv, os.path.join(shots, SHOTS[page]))
                    # open every \fold, so that what it hides is checked too
                    drv.execute_script(
                        "document.querySelectorAll('details')"
                        ".forEach(d => d.open = true)")
                    facts = drv.execute_script(PROBE)
                except WebDriverException as e:
                    problems.append("%s: does not load: %s" %
                                    (page, str(e).splitlines()[0]))
                    continue
                counts["pages"] += 1
                if not facts["title"]:
                    problems.append("%s: no title: did the page load?" % page)
                for entry in drv.get_log("browser"):
                    if entry.get("level") == "SEVERE":
                        problems.append("%s: console: %s" %
                                        (page, entry.get("message")))
                ids_of[page] = set(facts["ids"])
                links_of[page] = facts["links"]
                for m in facts["media"]:
                    counts["media"] += 1
                    if m["hidden"]:
                        continue
                    if not m["loaded"] or m["width"] < 1 or m["height"] < 1:
                        problems.append("%s: %s %s renders at %dx%d%s" % (
                            page, m["tag"], m["src"], m["width"],
                            m["height"], "" if m["loaded"] else
                            " (did not load)"))
                for n, length in enumerate(facts["fragments"]):
                    counts["fragments"] += 1
                    if not length:
                        problems.append("%s: code fragment %d is empty" %
                                        (page, n + 1))
                for m in facts["media"]:
                    if m["src"].endswith(".svg"):
                        svgs.add(os.path.normpath(os.path.join(
                            html, urllib.parse.unquote(m["src"]))))
            # each SVG figure on its own: does it draw anything?
            for svg in sorted(svgs):
                name = os.path.relpath(svg, html)
                if not os.path.isfile(svg):
                    problems.append("%s: missing" % name)
                    continue
                try:
                    drv.get("file://" + svg)
                    box = drv.execute_script(
                        "const r = document.documentElement"
                        ".getBoundingClientRect();"
                        "return [r.width, r.height,"
                        " document.documentElement.tagName];")
                except WebDriverException as e:
                    problems.append("%s: does not load: %s" %
                                    (name, str(e).splitlines()[0]))
                    continue
                counts["svgs"] += 1
                if box[2].lower() != "svg" or box[0] < 1 or box[1] < 1:
                    problems.append("%s: renders as <%s> %dx%d" %
                                    (name, box[2], box[0], box[1]))
                for entry in drv.get_log("browser"):
                    if entry.get("level") == "SEVERE":
                        problems.append("%s: console: %s" %
                                        (name, entry.get("message")))
        finally:
            drv.quit()

    # Links, once every page's anchors are known.
    for page, links in sorted(links_of.items()):
        for href in links:
            parts = urllib.parse.urlsplit(href)
            if parts.scheme in ("http", "https", "mailto", "javascript"):
                continue
            if parts.scheme not in ("", "file") or parts.netloc:
                continue
            counts["links"] += 1
            target = urllib.parse.unquote(parts.path) or page
            path = os.path.normpath(os.path.join(html, target))
            if not os.path.exists(path):
                problems.append("%s: link to missing %s" % (page, href))
                continue
            if not parts.fragment:
                continue
            name = os.path.relpath(path, html)
            if name not in ids_of:
                continue        # not a page (a figure, a script)
            counts["anchors"] += 1
            if urllib.parse.unquote(parts.fragment) not in ids_of[name]:
                problems.append("%s: link to %s: no anchor '%s' there" %
                                (page, name, parts.fragment))

    for name in SHOTS.values():
        if not os.path.isfile(os.path.join(shots, name)):
            problems.append("no screenshot %s: its page is missing" % name)
    for p in problems:
        print("book-check: " + p)
    print("book-check: %d pages, %d internal links (%d to anchors), "
          "%d images and figures (%d SVG files drawn on their own), "
          "%d code fragments checked; %s; screenshots in %s" % (
              counts["pages"], counts["links"], counts["anchors"],
              counts["media"], counts["svgs"], counts["fragments"],
              "%d problem%s" % (len(problems), "" if len(problems) == 1
                                else "s") if problems else "no problems",
              shots))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
