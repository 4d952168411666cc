"""A Python-stdlib suite of agentgrep's multi-language suite (eval/cases-py.json).

Written in session 15 for issue 19 ("add new trees before tuning"): CPython 3.11's Lib/ (the bench
tree bench/prepare.sh assembles from Debian's libpython3.11 packages; linked as the `cpython` corpus
by eval/setup.sh), a tree no find case covered. Each case was written BEFORE agentgrep's find or
trace ran on its question: a topic in plain words, as an agent that does not know the module would
ask it, then the answer read in the code with rg and sed. (Two topics a trial agent had already run
find on, asyncio's loop policy and shutil's copystat, were left out.) Never tune against its cases
one by one.

Build with
    python3 eval/build_cases.py --specs specs_py
"""

SUITE = "langs-py"
OUT = "cases-py.json"

# find: (id, corpus, query, acceptable files, difficulty, note)
# trace: (id, corpus, args, {path: [(start, end, anchor)]}, difficulty, note)

FIND = [
    ("py-find-lru-cache", "cpython", "cache a function's results keyed by its arguments with least recently used eviction",
     ["functools.py"], "hard", "lru_cache / _lru_cache_wrapper; the path says none of the words"),
    ("py-find-shell-split", "cpython", "split a command line string into words the way a posix shell does",
     ["shlex.py"], "hard", "shlex.split / shlex.shlex; subprocess.py and argparse.py are users, not the splitter"),
    ("py-find-wrap-text", "cpython", "wrap paragraphs of text to a maximum line width",
     ["textwrap.py"], "medium", "TextWrapper; the path says text and wrap as one word"),
    ("py-find-priority-queue", "cpython", "priority queue with push and pop of the smallest item",
     ["heapq.py", "queue.py"], "medium", "heapq.heappush/heappop, queue.PriorityQueue (built on heapq)"),
    ("py-find-wildcard-regex", "cpython", "translate a shell wildcard pattern into a regular expression",
     ["fnmatch.py"], "hard", "fnmatch.translate; glob.py calls fnmatch, re/ is the regex engine"),
    ("py-find-base85", "cpython", "encode binary data as base 85 ascii",
     ["base64.py"], "medium", "b85encode/a85encode live in base64.py"),
    ("py-find-matching-blocks", "cpython", "find the longest matching blocks between two sequences to show their differences",
     ["difflib.py"], "hard", "SequenceMatcher.find_longest_match / get_matching_blocks"),
    ("py-find-temp-file", "cpython", "create a temporary file with a unique name safely",
     ["tempfile.py"], "easy", "mkstemp/_mkstemp_inner/NamedTemporaryFile"),
    ("py-find-io-multiplexing", "cpython", "choose the most efficient io multiplexing mechanism available such as epoll kqueue or poll",
     ["selectors.py"], "medium", "DefaultSelector chosen at import (selectors.py:610-618); asyncio uses it"),
    ("py-find-literal-eval", "cpython", "safely evaluate a string holding a python literal without running code",
     ["ast.py"], "hard", "ast.literal_eval"),
    ("py-find-plural-forms", "cpython", "choose the plural form of a translated message from the catalog's formula",
     ["gettext.py"], "medium", "c2py compiles the Plural-Forms expression; ngettext uses it"),
    ("py-find-parse-cookies", "cpython", "parse the cookies a browser sends in a request header",
     ["http/cookies.py"], "medium", "SimpleCookie/BaseCookie.load (server side); http/cookiejar.py is the client's store (not accepted)"),
    ("py-find-gc-callback", "cpython", "run a callback when an object is garbage collected",
     ["weakref.py"], "hard", "weakref.finalize; gc/ is C"),
    ("py-find-encoded-words", "cpython", "decode rfc 2047 encoded words in email headers",
     ["email/_encoded_words.py", "email/header.py"], "medium", "_encoded_words.decode, header.decode_header"),
    ("py-find-locale-normalize", "cpython", "normalize a locale name like en_us to its canonical form with an encoding",
     ["locale.py"], "medium", "locale.normalize with locale_alias"),
    ("py-find-help-format", "cpython", "format the help message listing command line options",
     ["argparse.py", "optparse.py"], "medium", "argparse.HelpFormatter, optparse.HelpFormatter"),
    ("py-find-pickle-opcodes", "cpython", "serialize objects to a byte stream with opcodes for each protocol version",
     ["pickle.py", "pickletools.py"], "medium", "pickle._Pickler, pickletools documents the opcodes"),
    ("py-find-url-token", "cpython", "generate a random url safe token for password resets",
     ["secrets.py"], "medium", "secrets.token_urlsafe"),
]

TRACE = [
    ("py-trace-defined-lru-cache", "cpython", ["subject:lru_cache", "relation:defined"],
     {"functools.py": [(479, 479, "def lru_cache(maxsize=128, typed=False):")]}, "easy",
     "functools.lru_cache; many modules decorate with it"),
    ("py-trace-called-call-handlers", "cpython", ["subject:callHandlers", "relation:called_from"],
     {"logging/__init__.py": [(1644, 1644, "self.callHandlers(record)")]}, "easy",
     "Logger.handle calls it; the definition at 1690 is not a caller"),
    ("py-trace-called-read-status", "cpython", ["subject:_read_status", "relation:called_from"],
     {"http/client.py": [(323, 323, "version, status, reason = self._read_status()")]}, "easy",
     "HTTPResponse.begin"),
    ("py-trace-comes-from-tmpdir", "cpython", ["subject:TMPDIR", "relation:comes_from"],
     {"tempfile.py": [(302, 303, "dirname = _os.getenv(envname)")]}, "medium",
     "_candidate_tempdir_list reads TMPDIR, TEMP, TMP from the environment"),
]

CORPORA = {
    "cpython": "CPython 3.11.2's Lib/ (Debian bookworm libpython3.11-minimal, -stdlib, -testsuite, idle-python3.11, "
               "python3-lib2to3, python3-distutils, python3-tk), as bench/prepare.sh assembles it; tests included",
}
