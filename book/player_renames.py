# SPDX-License-Identifier: GPL-2.0-only
"""book/player_renames.py BUILD_DIR < ERAS - the functions an era gives a
new signature, and the name each model file of the player links them by.

The native per-era link lets an era replace any function of its parents
and of the common tree (-z muldefs: the first definition wins), whatever
its signature.  The player's modules are linked by wasm-ld, where an
era's overlay replaces a function by being the first of several weak
definitions (book/player_wrap.sh).  That is enough while the signature
stays; when an era changes it (v4.9's select_bad_process() returns
nothing, v5.15's __oom_reap_task_mm() takes the mm alone), the older
files' callers of the old function, dead in that era since it replaces
them all, are still linked, and wasm-ld warns that their calls do not
match the definition it chose.  So each such function gets, from the era
that changed it down through its descendants, a name of its own at link
level (#pragma redefine_extname: the C name, __func__ and the names the
player shows stay the kernel's): FUNC__ERA.  Older files keep FUNC, and
every call and definition then matches.

Whether a signature changed is read from the native objects' debug
information (gdb's `whatis`), the nearest older definition along the
era's chain against the era's own.

stdin: one line an era, "era NAME PARENT FILE...", PARENT "-" for none,
and one line "common FILE..." for the common tree's model files.
stdout: one line a rename, "FILE FUNC NEWNAME", for every model file of
an era whose chain changed FUNC's signature.
"""
import subprocess
import sys


def obj_of(build, src):
    assert src.startswith("src/") and src.endswith(".c"), src
    return "%s/obj/%s.o" % (build, src[len("src/"):-len(".c")])


def defined(obj):
    """The global functions @obj defines."""
    out = subprocess.run(["nm", "--defined-only", obj], check=True,
                         capture_output=True, text=True).stdout
    return {f[2] for f in (l.split() for l in out.splitlines())
            if len(f) == 3 and f[1] == "T"}


def types(obj, funcs):
    """gdb's `whatis` of each of @funcs in @obj: {func: type}."""
    cmd = ["gdb", "-batch", "-nx"]
    for f in funcs:
        cmd += ["-ex", "whatis " + f]
    try:
        out = subprocess.run(cmd + [obj], check=True, capture_output=True,
                             text=True).stdout.splitlines()
    except FileNotFoundError:
        sys.exit("player_renames: gdb is missing: make deps BOOK=1 installs it")
    got = [l[len("type = "):] for l in out if l.startswith("type = ")]
    if len(got) != len(funcs):
        sys.exit("player_renames: gdb gave %d types for %d functions of %s"
                 % (len(got), len(funcs), obj))
    return dict(zip(funcs, got))


def sym(era):
    return era.replace("-", "_").replace(".", "_")


def main():
    build = sys.argv[1]
    parent, files, common = {}, {}, []
    for line in sys.stdin:
        w = line.split()
        if not w:
            continue
        if w[0] == "era":
            parent[w[1]] = None if w[2] == "-" else w[2]
            files[w[1]] = w[3:]
        elif w[0] == "common":
            common = w[1:]
    defs = {f: defined(obj_of(build, f))
            for f in common + [f for e in files for f in files[e]]}

    def chain(era):
        while era:
            yield era
            era = parent[era]

    def older_definer(era, func):
        """The nearest file older than @era's own that defines @func."""
        for e in list(chain(era))[1:]:
            for f in files[e]:
                if func in defs[f]:
                    return f
        for f in common:
            if func in defs[f]:
                return f
        return None

    # every (new file, old file, function) an era replaces
    pairs = []
    for era in files:
        for f in files[era]:
            for func in sorted(defs[f]):
                old = older_definer(era, func)
                if old:
                    pairs.append((era, f, old, func))
    wanted = {}
    for _, new, old, func in pairs:
        wanted.setdefault(new, set()).add(func)
        wanted.setdefault(old, set()).add(func)
    typ = {f: types(obj_of(build, f), sorted(fs)) for f, fs in wanted.items()}
    changed = {(era, func) for era, new, old, func in pairs
               if typ[new][func] != typ[old][func]}

    for era in sorted(files):
        for f in files[era]:
            for func in sorted({fn for _, fn in changed}):
                at = next((e for e in chain(era) if (e, func) in changed),
                          None)
                if at:
                    print(f, func, "%s__%s" % (func, sym(at)))


main()
