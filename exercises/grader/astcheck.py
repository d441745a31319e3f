#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/grader/astcheck.py - a student's C, checked on clang's AST
#
# Simulator-only build helper, run by vet.sh --source (make, before the
# student's file is compiled):
#
#   astcheck.py --lab LAB --allow FILE --name NAME [--cache DIR] [--report]
#               [--pre FILE] -- CLANG ARGS... SRC
#
# CLANG ARGS is clang with the model's include path; SRC the student's
# file, NAME how the lab calls it (mm/mmap.c).  Prints nothing and exits
# 0 if SRC keeps to the lab's allow-list (FILE, exercises/LAB/allow.conf);
# else prints one line, "NAME:LINE: what: the rule", and exits 1.  Exits
# 3 if clang cannot read SRC (vet.sh then asks the compiler the lab is
# built with), 2 on bad usage or if the check cannot be made (no clang):
# nothing is let through unchecked.  --cache DIR keeps each verdict under
# a hash of everything it depends on (the file as the preprocessor
# delivers it, the allow-list, this script), so that a submission graded
# again costs one run of the preprocessor.  --pre FILE (- for standard
# input) is that run's output, macros and all (-E -dD), made by the
# caller: vet.sh has its compiler preprocess SRC with -dD for what SRC
# pulls in, and hands on what it printed, so the file is not
# preprocessed a second time (the macros are then the compiler's that
# builds the lab, which are what the student's code is compiled with);
# without it, clang -E -dD makes it.  --report prints what SRC uses, in
# the allow-list's own form (for whoever writes one), and checks
# nothing.
#
# DOC: What a lab's code is checked against
#
# A lab's C is judged on what the compiler sees, after the preprocessor:
# clang's AST (clang -Xclang -ast-dump=json), not the text.  A node is the
# student's when the student's file spelled it: written there, or an
# argument the file handed to a kernel macro; what a kernel macro's own
# body holds (READ_ONCE()'s casts, list_for_each_entry()'s arithmetic) is
# the model's, trusted as the macro is.  The student's nodes keep to
# these rules, each refusal naming its line:
#
#  - the text: no directive but #include (no macro of its own, so no
#    token pasted together), no macro of the kernel but those the
#    allow-list names (`macro:`), and no volatile or _Atomic (a shared
#    access is marked with READ_ONCE() or WRITE_ONCE(), or atomic with
#    the kernel's atomics: steps the explorer interleaves; a volatile
#    counter++ would be one unbroken step, and the data-race oracle would
#    take it for a marked one);
#  - calls: direct, by name, to a function of the allow-list (`call:`),
#    of the lab (`functions:` in lab.conf) or a static helper the file
#    defines; no function used as a value (no function pointer at all,
#    in a variable, a parameter or a cast);
#  - data: the fields of the allow-list, read (`read:`) or written
#    (`write:`: assigned, incremented, or handed on by address, as
#    &mm->mmap_lock is to a lock); the model's variables it names
#    (`global:`); its own variables are locals and parameters, none an
#    array, and statics only of the types `static:` names (a lock of its
#    own) or constants of an integer type; no whole struct written
#    through a pointer; no type of its own (a union is a cast in
#    disguise);
#  - no inline asm and no __attribute__ (section, constructor, alias,
#    ifunc, weak, used...: a kernel macro the list names, __maybe_unused,
#    is the model's); no cast between a pointer and an integer or between
#    two pointer types (but a void * a model function returns, taken as
#    what it points to, VOID_RESULT's type where it names one, or a
#    pointer handed to one as its void * parameter), written by the
#    student or done by a kernel macro to what the student handed it (a
#    seam operation stores a value in the word it names: an integer into
#    a pointer, a pointer into an integer or into a pointer of another
#    type is refused, and so is a lock operation on what is no lock); no
#    pointer arithmetic
#    (no +, -, ++, -- on a pointer, no index of a pointer; an array is
#    indexed by a constant within its bounds); no computed goto, va_arg
#    or offsetof.
#
# What it cannot see: what an allowed function does with the pointers it
# is given (a double free the model's oracles report), and memory the
# model itself corrupts; exercises/README.md ("Trust") says what else.
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

# Casts a student may write, or have done to what they wrote.
SAFE_CASTS = {
    'LValueToRValue', 'NoOp', 'ToVoid', 'IntegralCast',
    'IntegralToBoolean', 'PointerToBoolean', 'NullToPointer',
    'FunctionToPointerDecay', 'BuiltinFnToFnPtr', 'ArrayToPointerDecay',
    'IntegralToFloating', 'FloatingToIntegral', 'FloatingCast',
    'FloatingToBoolean',
}

# What the object of a seam operation must be (DOC: The sync seam).
SEAM_OBJECT = {
    'SEAM_SPIN_LOCK': 'spinlock_t', 'SEAM_SPIN_TRYLOCK': 'spinlock_t',
    'SEAM_SPIN_UNLOCK': 'spinlock_t',
    'SEAM_MUTEX_LOCK': 'struct mutex', 'SEAM_MUTEX_TRYLOCK': 'struct mutex',
    'SEAM_MUTEX_UNLOCK': 'struct mutex',
    'SEAM_DOWN_READ': 'struct rw_semaphore',
    'SEAM_DOWN_READ_TRYLOCK': 'struct rw_semaphore',
    'SEAM_UP_READ': 'struct rw_semaphore',
    'SEAM_DOWN_WRITE': 'struct rw_semaphore',
    'SEAM_DOWN_WRITE_TRYLOCK': 'struct rw_semaphore',
    'SEAM_UP_WRITE': 'struct rw_semaphore',
    'SEAM_DOWNGRADE_WRITE': 'struct rw_semaphore',
    'SEAM_TEST_BIT': 'unsigned long', 'SEAM_SET_BIT': 'unsigned long',
    'SEAM_CLEAR_BIT': 'unsigned long',
    'SEAM_TEST_AND_SET_BIT': 'unsigned long',
    'SEAM_TEST_AND_CLEAR_BIT': 'unsigned long',
    'SEAM_PREPARE_TO_WAIT': 'wait_queue_head_t',
    'SEAM_FINISH_WAIT': 'wait_queue_head_t',
    'SEAM_WAKE_UP': 'wait_queue_head_t',
    'SEAM_WAKE_UP_PROCESS': 'struct task_struct',
}
# What the void * a model function returns points to: the model's only
# maple tree is an mm's tree of VMAs (mm->mm_mt).
VOID_RESULT = {
    'mas_find': 'struct vm_area_struct *',
    'mas_find_rev': 'struct vm_area_struct *',
    'mt_find': 'struct vm_area_struct *',
    'mtree_erase': 'struct vm_area_struct *',
}

# Seam operations that only read the word they name.
SEAM_READS = {'SEAM_READ_ONCE', 'SEAM_TEST_BIT', 'SEAM_ATOMIC_READ'}

KEYWORDS = set('''
    auto break case char const continue default do double else enum extern
    float for goto if inline int long register restrict return short signed
    sizeof static struct switch typedef union unsigned void volatile while
    _Alignas _Alignof _Atomic _Bool _Complex _Generic _Imaginary _Noreturn
    _Static_assert _Thread_local typeof __typeof__ __typeof asm __asm __asm__
    __attribute__ __attribute __extension__ __inline __inline__ __restrict
    __restrict__ __volatile__ __volatile __const __const__ __signed__
    __signed __label__ __alignof__ __alignof __builtin_va_arg
    __builtin_offsetof __auto_type __int128 __thread _Float128
'''.split())


# Qualifiers that would make an access look marked (volatile, which the
# data-race oracle takes for READ_ONCE()) or atomic (C11's _Atomic) with
# no seam operation: no step of its own, so a read-modify-write of them
# could never be interleaved, and no race report either.
UNMARKED = {'volatile', '__volatile__', '__volatile', '_Atomic'}


class Refused(Exception):
    pass


def usage():
    sys.stderr.write('usage: astcheck.py --lab LAB --allow FILE --name NAME '
                     '[--cache DIR] [--report] [--pre FILE] '
                     '-- CLANG ARGS... SRC\n')
    sys.exit(2)


def read_allow(path):
    """The allow-list: KEY: words, a line continued by a blank-led one."""
    allow = {k: set() for k in ('call', 'read', 'write', 'macro', 'global',
                                'static')}
    key = None
    with open(path) as f:
        for line in f:
            line = line.split('#', 1)[0].rstrip()
            if not line.strip():
                continue
            m = re.match(r'^([a-z]+):(.*)$', line)
            if m:
                key = m.group(1)
                if key not in allow:
                    raise SystemExit('astcheck.py: %s: unknown key %s'
                                     % (path, key))
                rest = m.group(2)
            elif line[0] in ' \t' and key:
                rest = line
            else:
                raise SystemExit('astcheck.py: %s: cannot read "%s"'
                                 % (path, line))
            # "struct mutex" is one word of static:
            words = rest.split()
            if key == 'static':
                words = re.findall(r'(?:struct|union|enum) \w+|\w+',
                                   rest)
            allow[key].update(words)
    # a field written may be read
    allow['read'] |= allow['write']
    return allow


def lab_conf(lab, key):
    with open('exercises/%s/lab.conf' % lab) as f:
        for line in f:
            if line.startswith(key + ':'):
                return line[len(key) + 1:].split()
    return []


def logical_lines(text):
    """Phases 1 to 3: (first physical line, text) with comments and
    literals blanked, continuations joined."""
    out = []
    phys = text.split('\n')
    comment = False
    n = 0
    while n < len(phys):
        start = n + 1
        s = phys[n]
        n += 1
        while re.search(r'\\[ \t]*$', s) and n < len(phys):
            s = re.sub(r'\\[ \t]*$', '', s) + phys[n]
            n += 1
        o = []
        i = 0
        while i < len(s):
            two = s[i:i + 2]
            if comment:
                if two == '*/':
                    comment = False
                    o.append(' ')
                    i += 2
                else:
                    i += 1
                continue
            if two == '/*':
                comment = True
                i += 2
                continue
            if two == '//':
                break
            if s[i] in '"\'':
                q = s[i]
                i += 1
                while i < len(s) and s[i] != q:
                    i += 2 if s[i] == '\\' else 1
                i += 1
                o.append(' "" ')
                continue
            o.append(s[i])
            i += 1
        out.append((start, ''.join(o)))
    return out


def check_text(text, name, num, macros, allow):
    """The directives and the macros of the student's own text."""
    for line, s in logical_lines(text):
        m = re.match(r'^\s*(?:#|%:)\s*([A-Za-z_]\w*)?', s)
        if m:
            word = m.group(1) or ''
            if word != 'include':
                raise Refused('%s:%d: #%s: lab %s\'s code has no directive but #include (no macro of its own, no token pasted together)'
                              % (name, line, word, num))
            continue
        for ident in re.findall(r'[A-Za-z_]\w*', s):
            if ident in macros and ident not in allow['macro'] \
               and ident not in KEYWORDS:
                raise Refused('%s:%d: the macro %s, which lab %s\'s code may not use (its allow-list names the kernel macros it may)'
                              % (name, line, ident, num))


def check_unmarked(text, name, num):
    """No qualifier of the student's own that makes an access look
    marked or atomic (UNMARKED): looked at once the AST is found sound,
    so that whatever else a file does wrong is named first."""
    for line, s in logical_lines(text):
        for ident in re.findall(r'[A-Za-z_]\w*', s):
            if ident in UNMARKED:
                raise Refused('%s:%d: %s: lab %s\'s code marks a shared access with READ_ONCE() or WRITE_ONCE(), or makes it atomic with the kernel\'s atomics: each is a step the explorer can put another thread before, which a %s access is not'
                              % (name, line, ident, num, ident))


def macros_of(pre):
    """The macros defined in clang -E -dD's output."""
    return set(re.findall(r'^#define ([A-Za-z_]\w*)', pre, re.M))


class Ast:
    """clang's JSON AST, every location resolved (the dump names a file
    or a line only where it changes), every node's parent known."""

    def __init__(self, root, tree, sysdirs):
        self.tree = tree
        self.sysdirs = sysdirs
        self.nodes = {}
        self.parent = {}
        self.trusted_cache = {}
        cur = {'file': None, 'line': None}
        stack = [(root, None)]
        while stack:
            v, parent = stack.pop()
            if isinstance(v, list):
                for x in reversed(v):
                    stack.append((x, parent))
                continue
            if not isinstance(v, dict):
                continue
            if 'offset' in v:
                if 'file' in v:
                    cur['file'] = v['file']
                if 'line' in v:
                    cur['line'] = v['line']
                v['_file'] = cur['file']
                v['_line'] = cur['line']
                continue
            if 'kind' in v and 'id' in v:
                self.nodes.setdefault(v['id'], v)
                self.parent[id(v)] = parent
                parent = v
            for k in reversed(list(v.keys())):
                if isinstance(v[k], (dict, list)):
                    stack.append((v[k], parent))

    def trusted_file(self, f):
        """The model's (src/) or the system's: not the student's."""
        if f is None:
            return True
        if f in self.trusted_cache:
            return self.trusted_cache[f]
        if f.startswith('<'):
            t = f in ('<built-in>', '<command line>')
        else:
            p = os.path.realpath(f)
            t = any(p.startswith(d + '/') for d in
                    [self.tree + '/src'] + self.sysdirs)
        self.trusted_cache[f] = t
        return t

    @staticmethod
    def spell(loc):
        return loc.get('spellingLoc', loc)

    @staticmethod
    def expand(loc):
        return loc.get('expansionLoc', loc)

    def students(self, node):
        """Did the student's file spell this node (see DOC above)?"""
        loc = node.get('loc')
        r = node.get('range') or {}
        b, e = r.get('begin'), r.get('end')
        if node.get('kind', '').endswith('Decl') and loc and 'offset' in \
           self.spell(loc):
            return self.by_student(loc)
        if not b or 'offset' not in self.spell(b):
            b = e = loc
        if not b or 'offset' not in self.spell(b):
            return False
        if not e or 'offset' not in self.spell(e):
            e = b
        bm, em = 'spellingLoc' in b, 'spellingLoc' in e
        if not bm:
            return not self.trusted_file(b['_file'])
        if not em:
            return not self.trusted_file(e['_file'])
        bx, ex = self.expand(b), self.expand(e)
        if (bx.get('_file'), bx.get('offset')) == \
           (ex.get('_file'), ex.get('offset')):
            # inside one macro's expansion: the student's only if both
            # ends are the student's arguments
            return self.by_student(b) and self.by_student(e)
        return not self.trusted_file(bx['_file'])

    def by_student(self, loc):
        """Was the token at @loc spelled by the student?  A token a
        macro pasted together is spelled where that macro was used."""
        f = self.spell(loc)['_file']
        if f == '<scratch space>':
            f = self.expand(loc)['_file']
        return not self.trusted_file(f)

    def line(self, node):
        """The line of the student's file the node is on."""
        for loc in (node.get('loc'), (node.get('range') or {}).get('begin')):
            if loc and 'offset' in self.expand(loc):
                return self.expand(loc)['_line']
        p = self.up(node)
        return self.line(p) if p else 0

    def up(self, node):
        return self.parent.get(id(node))


def qual(node):
    t = node.get('type') or {}
    return t.get('desugaredQualType', t.get('qualType', ''))


def bare(t):
    """A type without its qualifiers."""
    t = re.sub(r'\b(const|volatile|restrict|__restrict)\b', '', t)
    return re.sub(r'\s+', ' ', t).strip()


def is_pointer(t):
    t = bare(t)
    return t.endswith('*') or '(*' in t


def is_function_pointer(t):
    return '(*' in t or '(^' in t


def strip(node, ast, casts_too=False):
    """The expression under parentheses (and, asked, implicit casts)."""
    while node and (node['kind'] == 'ParenExpr' or
                    (casts_too and node['kind'] == 'ImplicitCastExpr')):
        node = node['inner'][0]
    return node


class Checker:
    def __init__(self, ast, allow, lab, name, num, src):
        self.ast = ast
        self.allow = allow
        self.lab = lab
        self.name = name
        self.num = num
        self.src = os.path.realpath(src)
        self.functions = lab_conf(lab, 'functions')
        self.helpers = set()        # static functions it defines
        self.statics = set()        # static variables it defines
        self.uses = {k: set() for k in allow}

    def refuse(self, node, what, rule):
        raise Refused('%s:%d: %s: lab %s\'s code %s'
                      % (self.name, self.ast.line(node), what, self.num, rule))

    def mine(self, node):
        return self.ast.students(node)

    def in_function(self, node):
        p = self.ast.up(node)
        while p:
            if p['kind'] == 'FunctionDecl':
                return p
            p = self.ast.up(p)
        return None

    def record_of(self, member):
        """struct.field of a MemberExpr, as the allow-list names it."""
        field = self.ast.nodes.get(member.get('referencedMemberDecl'))
        rec = None
        p = self.ast.up(field) if field else None
        while p and p['kind'] == 'RecordDecl':
            if p.get('name'):
                rec = p['name']
                break
            p = self.ast.up(p)
        if not rec:
            base = member['inner'][0]
            rec = bare(base.get('type', {}).get('qualType', '')).rstrip('*')
            rec = re.sub(r'^(struct|union) ', '', rec.strip())
        return '%s.%s' % (rec, member.get('name', ''))

    def written(self, node):
        """Is this lvalue written: assigned, incremented, or its address
        handed on (to a seam operation that writes it)?"""
        p = self.ast.up(node)
        while p:
            k = p['kind']
            if k == 'ParenExpr' or (k == 'ImplicitCastExpr' and
                                    p['castKind'] == 'NoOp'):
                node, p = p, self.ast.up(p)
                continue
            if k == 'MemberExpr' and not p.get('isArrow') and \
               p['inner'][0] is node:
                node, p = p, self.ast.up(p)
                continue
            break
        if not p:
            return False
        k = p['kind']
        if k == 'BinaryOperator' and p['opcode'] == '=':
            return p['inner'][0] is node
        if k == 'CompoundAssignOperator':
            return p['inner'][0] is node
        if k == 'UnaryOperator' and p['opcode'] in ('++', '--'):
            return True
        if k == 'ImplicitCastExpr' and \
           p['castKind'] == 'ArrayToPointerDecay':
            q = self.ast.up(p)
            if q and q['kind'] == 'ArraySubscriptExpr' and \
               q['inner'][0] is p:
                # an element of it: read or written as the element is
                return self.written(q)
        if (k == 'UnaryOperator' and p['opcode'] == '&') or \
           (k == 'ImplicitCastExpr' and
            p['castKind'] == 'ArrayToPointerDecay'):
            if self.mine(p):
                return True
            # a kernel macro took its address: a seam operation that
            # only reads it is a read
            op = self.seam_op_around(p)
            return op not in SEAM_READS
        return False

    def seam_op_around(self, node):
        p = self.ast.up(node)
        while p and not self.mine(p):
            if p['kind'] == 'CallExpr' and self.callee_name(p) == '__seam':
                return self.seam_op(p)
            p = self.ast.up(p)
        return None

    @staticmethod
    def callee(call):
        c = call['inner'][0]
        while c['kind'] in ('ImplicitCastExpr', 'ParenExpr'):
            c = c['inner'][0]
        return c

    def callee_name(self, call):
        c = self.callee(call)
        if c['kind'] == 'DeclRefExpr' and \
           c['referencedDecl']['kind'] == 'FunctionDecl':
            return c['referencedDecl']['name']
        return None

    def seam_op(self, call):
        op = strip(call['inner'][1], self.ast, True)
        if op['kind'] == 'DeclRefExpr':
            return op['referencedDecl'].get('name')
        return None

    def first(self):
        """What the file defines: its helpers and statics, checked."""
        for n in self.ast.nodes.values():
            k = n['kind']
            if not self.mine(n):
                continue
            if k == 'FunctionDecl' and n.get('storageClass') == 'static':
                self.helpers.add(n['name'])
            if k == 'VarDecl' and n.get('storageClass') == 'static':
                self.statics.add(n['id'])

    def check(self, report=False):
        self.first()
        todo = [n for n in self.ast.nodes.values() if self.mine(n) or
                n['kind'] == 'CallExpr' or n['kind'].endswith('CastExpr')]
        # by line; on a line, an asm or an attribute first (what it is)
        todo.sort(key=lambda n: (self.ast.line(n),
                                 0 if n['kind'].endswith(('Attr', 'AsmStmt'))
                                 else 1))
        for n in todo:
            if report:
                try:
                    self.node(n)
                except Refused:
                    pass
            else:
                self.node(n)

    def node(self, n):
        k = n['kind']
        mine = self.mine(n)
        if not mine:
            # the model's code: only what it does to the student's
            if k == 'CallExpr' and self.callee_name(n) == '__seam':
                self.seam(n)
            elif k in ('ImplicitCastExpr', 'CStyleCastExpr'):
                self.macro_cast(n)
            return
        if k in ('GCCAsmStmt', 'MSAsmStmt', 'FileScopeAsmDecl'):
            self.refuse(n, 'asm', 'is plain C (no inline assembly)')
        if k.endswith('Attr'):
            if n.get('implicit') or n.get('inherited'):
                return
            self.refuse(n, 'an __attribute__ (%s)' % k[:-4].lower(),
                        'has none: where code and data go, and what runs when, is the model\'s')
        if k in ('AddrLabelExpr', 'IndirectGotoStmt'):
            self.refuse(n, 'a computed goto', 'jumps only to labels it names')
        if k == 'VAArgExpr':
            self.refuse(n, 'va_arg', 'reads no argument list')
        if k in ('OffsetOfExpr', 'BuiltinBitCastExpr'):
            self.refuse(n, 'offsetof', 'computes no address')
        if k in ('RecordDecl', 'EnumDecl') and n.get('completeDefinition'):
            self.refuse(n, 'a type of its own (%s)' % (n.get('name') or
                                                       'anonymous'),
                        'declares no type: the model\'s types are the ones it uses')
        if k == 'TypedefDecl':
            self.refuse(n, 'a typedef', 'declares no type')
        if k == 'FunctionDecl':
            self.function(n)
        elif k in ('VarDecl', 'ParmVarDecl'):
            self.variable(n)
        elif k == 'CallExpr':
            self.call(n)
        elif k == 'DeclRefExpr':
            self.reference(n)
        elif k == 'MemberExpr':
            self.member(n)
        elif k in ('ImplicitCastExpr', 'CStyleCastExpr'):
            self.cast(n)
        elif k in ('BinaryOperator', 'CompoundAssignOperator'):
            if n['opcode'] in ('+', '-', '+=', '-=') and \
               any(is_pointer(qual(c)) for c in n['inner']):
                self.refuse(n, 'pointer arithmetic (%s on a pointer)'
                            % n['opcode'],
                            'computes no address: it follows the pointers the model gives it')
        elif k == 'UnaryOperator':
            if n['opcode'] == '*' and re.match(r'^(struct|union) ',
                                               bare(qual(n))) and \
               self.written(n):
                self.refuse(n, 'a whole %s written through a pointer'
                            % bare(qual(n)),
                            'writes only the fields its allow-list names (write:)')
            if n['opcode'] in ('++', '--') and is_pointer(qual(n)):
                self.refuse(n, 'pointer arithmetic (%s on a pointer)'
                            % n['opcode'],
                            'computes no address: it follows the pointers the model gives it')
        elif k == 'ArraySubscriptExpr':
            self.subscript(n)

    def function(self, n):
        if is_function_pointer(qual(n).split('(', 1)[1] if '(' in qual(n)
                               else ''):
            self.refuse(n, 'a function pointer parameter',
                        'has no function pointer')
        body = any(c.get('kind') == 'CompoundStmt' for c in n.get('inner', []))
        if body and n.get('storageClass') != 'static' and \
           n['name'] not in self.functions:
            self.refuse(n, 'defines %s()' % n['name'],
                        'defines only %s (lab.conf\'s functions:) and static helpers'
                        % ' '.join(self.functions))

    def variable(self, n):
        t = qual(n)
        where = self.in_function(n)
        if is_function_pointer(t):
            self.refuse(n, 'a function pointer (%s)' % n.get('name', ''),
                        'has no function pointer: it calls functions by name')
        if '[' in t:
            self.refuse(n, 'an array (%s)' % n.get('name', ''),
                        'declares no array: the model\'s are the ones it indexes')
        static = n.get('storageClass') == 'static'
        extern = n.get('storageClass') == 'extern'
        if n['kind'] == 'ParmVarDecl' or (where and not static and
                                          not extern):
            return
        if extern:
            self.uses['global'].add(n['name'])
            if n['name'] not in self.allow['global']:
                self.refuse(n, 'the variable %s' % n['name'],
                            'names only the model\'s variables its allow-list names (global:)')
            return
        ty = bare(n.get('type', {}).get('qualType', ''))
        if static and n.get('type', {}).get('qualType', '').startswith(
                'const ') and not is_pointer(ty) and \
           re.match(r'^(unsigned |signed )?(char|short|int|long|long long|bool|_Bool)$', ty):
            return      # a constant: no state
        self.uses['static'].add(ty)
        if not static or ty not in self.allow['static']:
            self.refuse(n, 'a variable of its own (%s %s)' % (ty, n['name']),
                        'keeps no state of its own but %s'
                        % (' or '.join(sorted(self.allow['static'])) +
                           ' statics' if self.allow['static'] else
                           'local variables'))

    def call(self, n):
        c = self.callee(n)
        if c['kind'] != 'DeclRefExpr' or \
           c['referencedDecl']['kind'] != 'FunctionDecl':
            self.refuse(n, 'a call through a pointer',
                        'calls functions by name only')
        name = c['referencedDecl']['name']
        self.uses['call'].add(name)
        if name in self.allow['call'] or name in self.functions or \
           name in self.helpers:
            return
        self.refuse(n, 'a call of %s()' % name,
                    'calls only the kernel functions its allow-list names (call:)')

    def reference(self, n):
        ref = n['referencedDecl']
        if ref['kind'] == 'FunctionDecl':
            p = self.ast.up(n)
            while p and p['kind'] in ('ImplicitCastExpr', 'ParenExpr') and \
                  p.get('castKind', 'FunctionToPointerDecay') in \
                  ('FunctionToPointerDecay', 'BuiltinFnToFnPtr'):
                if p['kind'] == 'ImplicitCastExpr':
                    q = self.ast.up(p)
                    if q and q['kind'] == 'CallExpr' and \
                       q['inner'][0] is p:
                        return
                p = self.ast.up(p)
            self.refuse(n, '%s used as a value' % ref['name'],
                        'has no function pointer: it calls functions by name')
        if ref['kind'] != 'VarDecl':
            return
        decl = self.ast.nodes.get(ref['id'])
        if decl is None:
            return
        if self.in_function(decl) and decl.get('storageClass') not in \
           ('extern', 'static'):
            return
        if decl['id'] in self.statics:
            return
        self.uses['global'].add(ref['name'])
        if ref['name'] not in self.allow['global']:
            self.refuse(n, 'the variable %s' % ref['name'],
                        'names only the model\'s variables its allow-list names (global:)')

    def member(self, n):
        if not n.get('name'):
            return      # the step into an anonymous union: implicit
        field = self.record_of(n)
        write = self.written(n)
        self.uses['write' if write else 'read'].add(field)
        if field in self.allow['write'] or \
           (not write and field in self.allow['read']):
            return
        self.refuse(n, '%s %s' % ('writes' if write else 'reads', field),
                    '%s only the fields its allow-list names (%s:)'
                    % ('writes' if write else 'reads',
                   'write' if write else 'read'))

    def cast(self, n):
        kind = n.get('castKind')
        if kind == 'BitCast':
            if self.model_void(n):
                return
            self.refuse(n, 'a cast from %s to %s'
                        % (qual(n['inner'][0]), qual(n)),
                        'converts no pointer to another type')
        if kind in SAFE_CASTS:
            return
        what = {
            'IntegralToPointer': 'an integer made a pointer',
            'PointerToIntegral': 'a pointer made an integer',
        }.get(kind, 'a cast (%s)' % kind)
        self.refuse(n, what, 'converts no pointer to an integer or back')

    def model_call(self, call):
        """Is this a call of a function of the model, not of the file?"""
        name = self.callee_name(call)
        return name in self.allow['call'] and name not in self.helpers

    def model_void(self, n):
        """A void * the model hands out (mas_find()'s entry) taken as
        what it points to, or a pointer handed to the model as a
        void *: the only pointer conversions a lab's code needs.  What
        it points to is the function's to say (VOID_RESULT): a maple
        tree entry taken as an mm_struct would make a VMA's fields
        writable as another object's."""
        src, dst = bare(qual(n['inner'][0])), bare(qual(n))
        inner = strip(n['inner'][0], self.ast)
        if src == 'void *' and inner['kind'] == 'CallExpr':
            self.void_result(n)
            return self.model_call(inner)
        p = self.ast.up(n)
        if dst == 'void *' and p and p['kind'] == 'CallExpr' and \
           p['inner'][0] is not n:
            return self.model_call(p)
        return False

    def void_result(self, n):
        """Cast @n of what a model function returns as a void * goes to
        the type the function says it points to (VOID_RESULT), if it
        says one."""
        inner = strip(n['inner'][0], self.ast)
        if bare(qual(n['inner'][0])) != 'void *' or \
           inner['kind'] != 'CallExpr':
            return
        name = self.callee_name(inner)
        want, dst = VOID_RESULT.get(name), bare(qual(n))
        if want and dst != want:
            self.refuse(n, '%s taken as %s' % (name, dst),
                        'takes what %s returns as the %s it is'
                        % (name, want))

    def macro_cast(self, n):
        """A kernel macro's cast of what the student handed it."""
        kind = n.get('castKind')
        if kind == 'BitCast':
            # mas_for_each_rev(&mas, p, 0) stores mas_find_rev()'s entry
            # in the student's p, whatever p was declared
            self.void_result(n)
            return
        if kind != 'IntegralToPointer':
            return
        inner = strip(n['inner'][0], self.ast)
        while inner['kind'] in ('ImplicitCastExpr', 'CStyleCastExpr') and \
              not self.mine(inner):
            inner = strip(inner['inner'][0], self.ast)
        if self.mine(inner) and not is_pointer(qual(inner)) and \
           inner['kind'] != 'IntegerLiteral':
            self.refuse(inner, 'an integer made a pointer by a kernel macro',
                        'hands a macro a pointer where it takes one')

    def seam(self, call):
        """A seam operation on what the student handed it."""
        op = self.seam_op(call)
        args = call['inner'][1:]
        if len(args) < 4:
            return
        obj = args[1]
        # the word the operation names: under the macro's (void *)
        while obj['kind'] in ('CStyleCastExpr', 'ImplicitCastExpr',
                              'ParenExpr') and not self.mine(obj):
            if obj['kind'] != 'ParenExpr' and \
               not is_pointer(qual(obj['inner'][0])):
                break
            obj = obj['inner'][0]
        t = bare(qual(obj))
        if not is_pointer(t):
            return
        slot = t[:-1].strip() if t.endswith('*') else None
        if slot is None:
            return
        want = SEAM_OBJECT.get(op)
        shown = bare(obj.get('type', {}).get('qualType', '')).rstrip('* ')
        if want and self.mine(obj) and want not in (slot, shown):
            self.refuse(obj, '%s on a %s' % (op[5:].lower(), shown),
                        'locks, wakes and sets bits only in what is made for it')
        for a in args[2:4]:
            v = a
            while v['kind'] in ('CStyleCastExpr', 'ImplicitCastExpr',
                                'ParenExpr') and not self.mine(v):
                v = v['inner'][0]
            if not self.mine(v):
                continue
            vt = bare(qual(v))
            if is_pointer(slot) and not is_pointer(vt):
                if v['kind'] == 'IntegerLiteral' and v.get('value') == '0':
                    continue
                self.refuse(v, 'an integer stored into a pointer (%s)'
                            % op[5:].lower(),
                            'stores into a word only a value of its type')
            if is_pointer(vt) and not is_pointer(slot):
                self.refuse(v, 'a pointer stored into an integer (%s)'
                            % op[5:].lower(),
                            'stores into a word only a value of its type')
            if is_pointer(vt) and is_pointer(slot) and \
               bare(vt) != bare(slot) and vt != 'void *':
                self.refuse(v, 'a %s stored into a %s (%s)'
                            % (vt, slot, op[5:].lower()),
                            'stores into a word only a value of its type')

    def subscript(self, n):
        base = n['inner'][0]
        if not (base['kind'] == 'ImplicitCastExpr' and
                base['castKind'] == 'ArrayToPointerDecay'):
            self.refuse(n, 'an index of a pointer',
                        'computes no address: it indexes arrays only')
        m = re.search(r'\[(\d+)\]', qual(base['inner'][0]))
        idx = strip(n['inner'][1], self.ast, True)
        if not m or idx['kind'] != 'IntegerLiteral' or \
           not 0 <= int(idx['value']) < int(m.group(1)):
            self.refuse(n, 'an index the compiler cannot bound',
                        'indexes an array only by a constant within its bounds')


def system_dirs(clang, tree, cache=None):
    """Where clang looks for the system's headers (not the tree's).

    With a cache folder, asked of clang once for these arguments, this
    tree and this clang binary (its path, size and time: an upgrade asks
    again), not once for every file checked.
    """
    key = None
    if cache:
        exe = shutil.which(clang[0]) or clang[0]
        h = hashlib.sha256()
        try:
            st = os.stat(exe)
            stamp = '%s %d %d' % (os.path.realpath(exe), st.st_size,
                                  st.st_mtime_ns)
        except OSError:
            stamp = exe
        for x in [stamp, tree] + clang:
            h.update(x.encode() + b'\0')
        key = os.path.join(cache, 'sysdirs-' + h.hexdigest())
        if os.path.exists(key):
            with open(key) as f:
                return f.read().split('\n')[:-1]
    dirs = ask_system_dirs(clang, tree)
    if key:
        os.makedirs(cache, exist_ok=True)
        tmp = '%s.%d.tmp' % (key, os.getpid())
        with open(tmp, 'w') as f:
            f.write(''.join(d + '\n' for d in dirs))
        os.replace(tmp, key)
    return dirs


def ask_system_dirs(clang, tree):
    """system_dirs(), from clang -v."""
    rc, out, err = run(clang + ['-E', '-v', '-x', 'c', '/dev/null'])
    dirs, on = [], False
    for line in err.split('\n'):
        if 'search starts here' in line:
            on = True
        elif line.startswith('End of search list'):
            on = False
        elif on:
            d = os.path.realpath(line.split()[0])
            if d != tree and not d.startswith(tree + '/'):
                dirs.append(d)
    return dirs


def run(cmd):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
    except OSError as e:
        # no clang: the check cannot be made, so nothing is let through
        sys.stderr.write('astcheck.py: cannot run %s (%s): make deps installs it\n'
                         % (cmd[0], e.strerror))
        sys.exit(2)
    return p.returncode, p.stdout.decode('utf-8', 'replace'), \
        p.stderr.decode('utf-8', 'replace')


def main(argv):
    opts = {'report': False, 'cache': None}
    i = 0
    while i < len(argv) and argv[i] != '--':
        a = argv[i]
        if a == '--report':
            opts['report'] = True
        elif a in ('--lab', '--allow', '--name', '--cache', '--pre') and \
             i + 1 < len(argv):
            opts[a[2:]] = argv[i + 1]
            i += 1
        else:
            usage()
        i += 1
    rest = argv[i + 1:]
    if len(rest) < 2 or not all(k in opts for k in ('lab', 'allow', 'name')):
        usage()
    clang, src = rest[:-1], rest[-1]
    lab = opts['lab']
    num = '%02d' % int(lab_conf(lab, 'number')[0])
    tree = os.path.realpath('.')
    allow = read_allow(opts['allow'])
    with open(src, errors='replace') as f:
        text = f.read()

    if opts.get('pre') == '-':
        pre = sys.stdin.read()
    elif opts.get('pre'):
        with open(opts['pre'], errors='replace') as f:
            pre = f.read()
    else:
        rc, pre, err = run(clang + ['-E', '-dD', src])
        if rc:
            sys.stdout.write(err.split('\n')[0] + '\n')
            return 3
    key = None
    if opts['cache'] and not opts['report']:
        h = hashlib.sha256()
        with open(__file__, 'rb') as f:
            h.update(f.read())
        with open(opts['allow'], 'rb') as f:
            h.update(f.read())
        for x in [lab, opts['name'], text, pre] + clang:
            h.update(x.encode() + b'\0')
        key = os.path.join(opts['cache'], h.hexdigest())
        if os.path.exists(key):
            with open(key) as f:
                verdict = f.read()
            if verdict:
                sys.stdout.write(verdict)
            return 1 if verdict else 0

    verdict = ''
    try:
        if not opts['report']:
            check_text(text, opts['name'], num, macros_of(pre), allow)
        rc, out, err = run(clang + ['-fsyntax-only', '-Xclang',
                                    '-ast-dump=json', src])
        if rc:
            lines = [l for l in err.split('\n') if 'error' in l]
            sys.stdout.write((lines or [err.strip()])[0] + '\n')
            return 3
        c = Checker(Ast(json.loads(out), tree, system_dirs(clang, tree,
                                                      opts['cache'])),
                    allow, lab, opts['name'], num, src)
        c.check(opts['report'])
        if not opts['report']:
            check_unmarked(text, opts['name'], num)
        if opts['report']:
            macros = macros_of(pre)
            for _, line in logical_lines(text):
                if re.match(r'^\s*(#|%:)', line):
                    continue
                for ident in re.findall(r'[A-Za-z_]\w*', line):
                    if ident in macros:
                        c.uses['macro'].add(ident)
            for k in ('call', 'read', 'write', 'macro', 'global',
                      'static'):
                print('%s: %s' % (k, ' '.join(sorted(c.uses[k]))))
            return 0
    except Refused as e:
        verdict = str(e) + '\n'
    if key:
        os.makedirs(opts['cache'], exist_ok=True)
        tmp = '%s.%d.tmp' % (key, os.getpid())
        with open(tmp, 'w') as f:
            f.write(verdict)
        os.replace(tmp, key)
    sys.stdout.write(verdict)
    return 1 if verdict else 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv[1:]))
    except Exception as e:      # a checker that fails lets nothing through
        sys.stderr.write('astcheck.py: %s: %s\n' % (type(e).__name__, e))
        sys.exit(2)
