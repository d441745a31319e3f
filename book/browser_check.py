#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# book/browser_check.py - read the built book in a real browser (make book-check)
#
#   python3 book/browser_check.py HTML_DIR SHOTS_DIR [GEN_DIR]
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
#   - a code fragment (\snippet, \include, \verbinclude) that came out empty;
#   - text a reader cannot read at 100% zoom (the browser's default, one CSS
#     pixel a device pixel):
#       * an SVG figure (a Graphviz iframe, an <img>, an inline <svg>) whose
#         smallest text renders under MIN_FONT_PX, measured in Chromium: each
#         <text>'s computed font size times its screen transform, times the
#         scale at which the page shows the figure;
#       * a <pre> figure (a run's output) line that the browser wrapped (a
#         line of the source text drawn on two lines), or a changelog diagram
#         whose rows cut a name ("test_and_set_bi" / "t(TIF_MEMDIE)": a row
#         filled to its column's edge, continued 4 further in; the renderer's
#         rules, DOC: The changelog diagram in src/sim/render/render.c), or whose
#         column header runs into the next; and a diagram that is not,
#         verbatim, the text of a fragment the build wrote (GEN_DIR).
#
# It saves screenshots of the start page, the v4.9 and v4.14 chapters, the
# primer and "Reading the tools" in SHOTS_DIR (whole pages at 100% zoom in
# a 1280 px window; for the two chapters also their first race figure and
# first diagram as a reader sees them), and ends with one line of counts.
# Exit status 0 if the book passed, 1 if not, 2 if the browser could not be
# started.
#
#   python3 book/browser_check.py --self-test
#
# builds a small book with one defect planted per page, runs the same
# checks, and fails unless each defect is found and the clean page passes.
import os
import re
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
    "era_v4_14.html": "era_v4_14.png",
    "primer.html": "primer.png",
    "tools.html": "tools.png",
}
# pages whose first race figure and first diagram are also shot alone
CROPS = ("era_v4_9.html", "era_v4_14.html")

# the smallest text a figure may have at 100% zoom, in CSS pixels
MIN_FONT_PX = 10.0

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

// The smallest text of an SVG document or element, in CSS px of the
// viewport it is drawn in: font size times the user-to-screen scale.
function minText(root) {
    let min = null;
    for (const t of root.querySelectorAll('text')) {
        if (!t.textContent.trim()) continue;
        const m = t.getScreenCTM();
        const style = (t.ownerDocument.defaultView || window).getComputedStyle(t);
        const fs = parseFloat(style.fontSize);
        if (!m || !fs) continue;
        const px = fs * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        if (min === null || px < min) min = px;
    }
    return min;
}
out.figures = [];
for (const e of document.querySelectorAll('div.contents iframe, div.contents object, div.contents img, div.contents svg')) {
    const tag = e.tagName.toLowerCase();
    if (tag === 'svg' && e.closest('object, iframe')) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || e.offsetParent === null && tag !== 'svg') continue;
    const src = e.getAttribute('src') || e.getAttribute('data') || '(inline)';
    const f = {tag: tag, src: src, min: null, scale: 1, inner: false};
    if (tag === 'iframe' || tag === 'object') {
        let doc = null;
        try { doc = e.contentDocument; } catch (x) { doc = null; }
        if (doc && doc.documentElement &&
            doc.documentElement.tagName.toLowerCase() === 'svg') {
            f.min = minText(doc);
            f.inner = true;
        }
        if (e.offsetWidth) f.scale = r.width / e.offsetWidth;
    } else if (tag === 'img') {
        if (!/\.svg$/i.test(src)) continue;
        f.scale = e.naturalWidth ? r.width / e.naturalWidth : 1;
    } else {
        f.min = minText(e);
        f.inner = true;
    }
    out.figures.push(f);
}
// Each <pre> run output: its text, and the lines the browser drew on more
// than one line box, with where the second box begins.
out.pres = [];
for (const pre of document.querySelectorAll('div.contents pre.fragment')) {
    if (pre.offsetParent === null) continue;
    const nodes = [];
    let total = 0;
    const walk = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
        nodes.push([walk.currentNode, total]);
        total += walk.currentNode.data.length;
    }
    const at = (off) => {
        for (let i = nodes.length - 1; i >= 0; i--)
            if (nodes[i][1] <= off) return [nodes[i][0], off - nodes[i][1]];
        return null;
    };
    const top = (a, b) => {
        const r = document.createRange();
        const p = at(a), q = at(b);
        r.setStart(p[0], p[1]);
        r.setEnd(q[0], q[1]);
        const tops = new Set();
        for (const x of r.getClientRects())
            if (x.width > 0) tops.add(Math.round(x.top));
        return tops;
    };
    const text = pre.textContent, wrapped = [];
    let start = 0, n = 0;
    while (start < text.length && nodes.length) {
        let end = text.indexOf('\n', start);
        if (end < 0) end = text.length;
        if (end > start && top(start, end).size > 1) {
            const first = [...top(start, start + 1)][0];
            let k = start + 1;
            while (k < end && [...top(k, k + 1)][0] === first) k++;
            wrapped.push([n, k - start]);
        }
        start = end + 1;
        n++;
    }
    out.pres.push({text: text, wrapped: wrapped});
}
return out;
"""


# An SVG file opened on its own: its box, and its smallest text in CSS px.
SVG_PROBE = r"""
const d = document.documentElement, r = d.getBoundingClientRect();
let min = null;
for (const t of d.querySelectorAll('text')) {
    if (!t.textContent.trim()) continue;
    const m = t.getScreenCTM(), fs = parseFloat(getComputedStyle(t).fontSize);
    if (!m || !fs) continue;
    const px = fs * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    if (min === null || px < min) min = px;
}
return [r.width, r.height, d.tagName, min];
"""


def browser(user_data):
    opts = Options()
    for arg in ("--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,900",
                "--allow-file-access-from-files",
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


def crop_shots(drv, base):
    """A page's first race figure and first diagram, as the window shows them."""
    from selenium.webdriver.common.by import By
    for sel, suffix in (("div.dotgraph", "-figure.png"),
                        ("pre.fragment", "-diagram.png")):
        for e in drv.find_elements(By.CSS_SELECTOR, sel):
            if sel == "pre.fragment" and "  step  " not in e.text:
                continue
            if not e.is_displayed():
                continue
            drv.execute_script("arguments[0].scrollIntoView()", e)
            e.screenshot(base + suffix)
            break


IDENT = re.compile(r"[A-Za-z0-9_]")
RULE = re.compile(r"^ {8}-+(  +-+)*$")


def ident(ch):
    return bool(ch) and bool(IDENT.match(ch))


def diagram_defects(text):
    """What is wrong with the changelog diagrams in a run's output @text.

    A diagram is a line "  step  ..." (the headers) over a rule of dashes,
    one run a column; its rows follow until an empty line.  The renderer
    (src/sim/render/render.c) puts a row that continues a line exactly 4 further
    in than the line's first row, alone on its row, and never ends a row
    at the column's edge where a space fell; so a continuation whose row
    before it fills the column and ends in a name character, and which
    itself begins with one, is a name cut in two.
    """
    out = []
    lines = text.split("\n")
    for h in range(len(lines) - 1):
        if not lines[h].startswith("  step  ") or not RULE.match(lines[h + 1]):
            continue
        rule = lines[h + 1]
        cols = [(m.start(), m.end() - m.start())
                for m in re.finditer(r"-+", rule)]
        head = lines[h]
        for c in range(len(cols) - 1):
            gap = head[cols[c][0] + cols[c][1]:cols[c + 1][0]]
            if gap.strip():
                out.append("diagram at line %d: the header of column %d "
                           "runs into the next: %r" % (h + 1, c + 1,
                                                       head.strip()))
        start = [None] * len(cols)
        prev = None             # (column, cell) of the row before
        for r in range(h + 2, len(lines)):
            row = lines[r]
            if not row.strip():
                break
            cells = []
            for c, (at, width) in enumerate(cols):
                end = cols[c + 1][0] if c + 1 < len(cols) else len(row)
                cells.append(row[at:end].rstrip())
            used = [c for c in range(len(cols)) if cells[c].strip()]
            if len(used) != 1:
                prev = None
                continue
            c = used[0]
            cell = cells[c]
            indent = len(cell) - len(cell.lstrip(" "))
            gutter = row[:cols[0][0]].strip()
            cont = (not gutter and prev is not None and prev[0] == c and
                    start[c] is not None and indent == start[c] + 4)
            if cont:
                before = prev[1]
                if (len(before) >= cols[c][1] and ident(before[-1:]) and
                        ident(cell.lstrip()[:1])):
                    word = re.search(r"[A-Za-z0-9_]+$", before).group(0)
                    rest = re.match(r"[A-Za-z0-9_]+",
                                    cell.lstrip()).group(0)
                    out.append("diagram at line %d: a name cut across rows "
                               "%d and %d: %r / %r" % (
                                   h + 1, r, r + 1, word, rest))
            else:
                start[c] = indent
            prev = (c, cell)
    return out


def normalized(text):
    lines = [l.rstrip() for l in text.replace("\r", "").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


def check(drv, html, shots, gen, shot_pages, crops):
    """Every check, on the book in @html; returns (problems, counts)."""
    pages = sorted(f for f in os.listdir(html) if f.endswith(".html"))
    problems = []
    counts = dict(pages=0, links=0, anchors=0, media=0, fragments=0, svgs=0,
                  figures=0, pres=0, lines=0, diagrams=0)
    svgs = set()
    ids_of = {}
    links_of = {}
    scaled = []             # (page, svg path, scale): measured on its own
    sources = set()
    if gen and os.path.isdir(gen):
        for root, _, files in os.walk(gen):
            for f in files:
                if f.endswith(".txt"):
                    with open(os.path.join(root, f), errors="replace") as fh:
                        sources.add(normalized(fh.read()))

    for page in pages:
        url = "file://" + os.path.join(html, page)
        try:
            drv.get(url)
            if page in shot_pages:
                full_page_shot(drv, os.path.join(shots, shot_pages[page]))
            # open every \fold, so that what it hides is checked too
            drv.execute_script(
                "document.querySelectorAll('details')"
                ".forEach(d => d.open = true)")
            facts = drv.execute_script(PROBE)
            if page in crops:
                crop_shots(drv, os.path.join(shots, page[:-5]))
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
        for f in facts["figures"]:
            counts["figures"] += 1
            if f["inner"]:
                if f["min"] is not None and \
                        f["min"] * f["scale"] < MIN_FONT_PX:
                    problems.append(
                        "%s: figure %s: text at %.1f px at 100%% zoom "
                        "(under %g px)" % (page, f["src"],
                                           f["min"] * f["scale"],
                                           MIN_FONT_PX))
            else:
                scaled.append((page, os.path.normpath(os.path.join(
                    html, urllib.parse.unquote(f["src"]))), f["scale"]))
        for n, pre in enumerate(facts["pres"]):
            counts["pres"] += 1
            lines = pre["text"].split("\n")
            counts["lines"] += len(lines)
            for line, at in pre["wrapped"]:
                text = lines[line]
                inside = ident(text[at - 1:at]) and ident(text[at:at + 1])
                problems.append(
                    "%s: output %d, line %d: the browser wraps it %s: "
                    "%r / %r" % (page, n + 1, line + 1,
                                 "inside a name" if inside else
                                 "(the source has it on one line)",
                                 text[:at].strip()[-30:],
                                 text[at:].strip()[:30]))
            if "\n  step  " in "\n" + pre["text"]:
                counts["diagrams"] += 1
                for d in diagram_defects(pre["text"]):
                    problems.append("%s: output %d: %s" % (page, n + 1, d))
                if sources and normalized(pre["text"]) not in sources:
                    problems.append(
                        "%s: output %d: the diagram is not, verbatim, a "
                        "fragment the build wrote (%s)" % (page, n + 1, gen))
    # each SVG figure on its own: does it draw anything, how small its text
    smallest = {}
    for svg in sorted(svgs | set(path for _, path, _ in scaled)):
        name = os.path.relpath(svg, html)
        if not os.path.isfile(svg):
            problems.append("%s: missing" % name)
            continue
        try:
            drv.get("file://" + svg)
            box = drv.execute_script(SVG_PROBE)
        except WebDriverException as e:
            problems.append("%s: does not load: %s" %
                            (name, str(e).splitlines()[0]))
            continue
        counts["svgs"] += 1
        if box[2].lower() != "svg" or box[0] < 1 or box[1] < 1:
            problems.append("%s: renders as <%s> %dx%d" %
                            (name, box[2], box[0], box[1]))
        smallest[svg] = box[3]
        if box[3] is not None and box[3] < MIN_FONT_PX:
            problems.append("%s: opened on its own, its text is %.1f px "
                            "(under %g px)" % (name, box[3], MIN_FONT_PX))
        for entry in drv.get_log("browser"):
            if entry.get("level") == "SEVERE":
                problems.append("%s: console: %s" %
                                (name, entry.get("message")))
    for page, svg, scale in scaled:
        px = smallest.get(svg)
        if px is not None and px * scale < MIN_FONT_PX:
            problems.append("%s: figure %s: shown at %.2f of its size, its "
                            "text is %.1f px at 100%% zoom (under %g px)" % (
                                page, os.path.relpath(svg, html), scale,
                                px * scale, MIN_FONT_PX))

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

    for name in shot_pages.values():
        if not os.path.isfile(os.path.join(shots, name)):
            problems.append("no screenshot %s: its page is missing" % name)
    return problems, counts


# --- the self-test: one planted defect a page --------------------------------

def plant_diagram(widths, rows, heads=("A (allocating task)",
                                       "R (oom_reaper)")):
    """A changelog diagram as src/sim/render/render.c draws one."""
    def line(gutter, cells):
        out = "%6s  " % gutter
        last = max(c for c in range(len(cells)) if cells[c])
        for c in range(last + 1):
            out += cells[c] + (" " * (widths[c] - len(cells[c]) + 2)
                               if c != last else "")
        return out
    text = ['v4.9/oom, schedule "changelog": A R', "",
            line("step", list(heads)),
            line("", ["-" * w for w in widths])]
    for gutter, col, cell in rows:
        cells = [""] * len(widths)
        cells[col] = cell
        text.append(line(gutter, cells))
    return "\n".join(text + ["", "Verdict: clean (no oracle fired)", ""])


# clean: a line wrapped after "(", continued 4 further in
PLANT_FLAT = plant_diagram((22, 23), (
    ("", 0, "mark_oom_victim"), ("46", 0, "  test_and_set_bit("),
    ("", 0, "      TIF_MEMDIE) = 0"), ("", 1, "oom_reaper"),
    ("47", 1, "  set_bit(MMF_OOM_SKIP)")))
# the old renderer's cut: at the column's edge, inside a name
PLANT_CUT = plant_diagram((20, 23), (
    ("", 0, "zone_watermark_ok"), ("1", 0, "  atomic_long_read(f"),
    ("", 0, "      ree_pages) = 1"), ("", 1, "oom_reaper")))
# a column narrower than its header
PLANT_HEAD = plant_diagram((18, 23), (
    ("46", 0, "  set_bit(X)"), ("", 1, "oom_reaper")))
PLANT_SVG = """\
<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg width="%(w)dpt" height="60pt" viewBox="0 0 %(vw)d 60"
 xmlns="http://www.w3.org/2000/svg">
<text x="4" y="30" font-family="Helvetica" font-size="%(fs)d">mmget_not_zero</text>
</svg>
"""
PLANT_PAGE = """\
<!DOCTYPE html><html><head><title>%(title)s</title>
<style>pre.fragment { white-space: pre; font-size: 12px; }</style>
</head><body><div class="contents">
%(body)s
</div></body></html>
"""


def plant(root):
    """A small book: index.html clean, every other page one defect."""
    html = os.path.join(root, "html")
    gen = os.path.join(root, "gen")
    os.makedirs(html)
    os.makedirs(gen)
    for name, text in (("flat.txt", PLANT_FLAT), ("cut.txt", PLANT_CUT),
                       ("head.txt", PLANT_HEAD)):
        with open(os.path.join(gen, name), "w") as f:
            f.write(text)
    svgs = {
        "good.svg": dict(w=300, vw=300, fs=10),       # 13.3 px
        "tiny.svg": dict(w=300, vw=600, fs=10),       # 6.7 px
    }
    for name, v in svgs.items():
        with open(os.path.join(html, name), "w") as f:
            f.write(PLANT_SVG % v)

    def esc(t):
        return t.replace("&", "&amp;").replace("<", "&lt;")

    pages = {
        "index.html": '<div class="dotgraph"><iframe scrolling="no" '
                      'frameborder="0" src="good.svg" width="400" '
                      'height="80"></iframe></div>\n'
                      '<img src="good.svg"/>\n'
                      '<pre class="fragment">%s</pre>' % esc(PLANT_FLAT),
        "tiny-iframe.html": '<iframe src="tiny.svg" width="400" '
                            'height="80"></iframe>',
        "tiny-img.html": '<img src="good.svg" style="width:150px"/>',
        "cut.html": '<pre class="fragment">%s</pre>' % esc(PLANT_CUT),
        "header.html": '<pre class="fragment">%s</pre>' % esc(PLANT_HEAD),
        "wrapped.html": '<pre class="fragment" style="white-space: pre-wrap;'
                        ' word-break: break-all; width: 20ch">%s</pre>'
                        % esc(PLANT_FLAT),
        "edited.html": '<pre class="fragment">%s</pre>'
                       % esc(PLANT_FLAT.replace("= 0", "= 1")),
    }
    for name, body in pages.items():
        with open(os.path.join(html, name), "w") as f:
            f.write(PLANT_PAGE % dict(title=name, body=body))
    return html, gen


# what each planted page must be reported for
PLANTED = {
    "tiny-iframe.html": "figure tiny.svg: text at 6.7 px",
    "tiny-img.html": "figure good.svg: shown at 0.38 of its size",
    "cut.html": "a name cut across rows 6 and 7: 'f' / 'ree_pages'",
    "header.html": "the header of column 1 runs into the next",
    "wrapped.html": "the browser wraps it inside a name",
    "edited.html": "is not, verbatim, a fragment the build wrote",
}


def self_test(drv):
    with tempfile.TemporaryDirectory(prefix="reaplab-book-check-") as root:
        html, gen = plant(root)
        shots = os.path.join(root, "shots")
        os.makedirs(shots)
        problems, counts = check(drv, html, shots, gen, {}, ())
    failed = []
    for page, want in sorted(PLANTED.items()):
        mine = [p for p in problems if p.startswith(page + ":")]
        if not any(want in p for p in mine):
            failed.append("%s: expected %r, got %r" % (page, want, mine))
    clean = [p for p in problems if p.startswith("index.html:")
             or p.startswith("good.svg:")]
    if clean:
        failed.append("the clean page is reported: %r" % clean)
    for f in failed:
        print("book-check self-test: " + f)
    print("book-check self-test: %d planted defects, %s" % (
        len(PLANTED), "%d not found as planted" % len(failed) if failed
        else "each found, the clean page passes"))
    return 1 if failed else 0


def main():
    args = sys.argv[1:]
    selftest = args == ["--self-test"]
    if not selftest and len(args) not in (2, 3):
        sys.exit("usage: browser_check.py HTML_DIR SHOTS_DIR [GEN_DIR] | "
                 "--self-test")
    with tempfile.TemporaryDirectory(prefix="reaplab-chromium-") as user:
        try:
            drv = browser(user)
        except WebDriverException as e:
            print("book-check: cannot start headless Chromium: %s"
                  % str(e).strip().splitlines()[0], file=sys.stderr)
            return 2
        try:
            if selftest:
                return self_test(drv)
            html = os.path.abspath(args[0])
            shots = os.path.abspath(args[1])
            gen = os.path.abspath(args[2]) if len(args) > 2 else \
                os.path.join(os.path.dirname(html), "gen")
            if not os.path.isfile(os.path.join(html, "index.html")):
                sys.exit("book-check: %s/index.html is missing: run "
                         "`make book`" % html)
            os.makedirs(shots, exist_ok=True)
            problems, counts = check(drv, html, shots, gen, SHOTS, CROPS)
        finally:
            drv.quit()
    for p in problems:
        print("book-check: " + p)
    print("book-check: %d pages, %d internal links (%d to anchors), "
          "%d images and figures (%d SVG files drawn on their own, "
          "%d figures' text measured), %d code fragments, %d run outputs "
          "(%d lines, %d diagrams) checked; %s; screenshots in %s" % (
              counts["pages"], counts["links"], counts["anchors"],
              counts["media"], counts["svgs"], counts["figures"],
              counts["fragments"], counts["pres"], counts["lines"],
              counts["diagrams"],
              "%d problem%s" % (len(problems), "" if len(problems) == 1
                                else "s") if problems else "no problems",
              shots))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
