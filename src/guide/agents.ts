/**
 * `agentgrep help agents`: a prompt snippet for an agent's instructions (AGENTS.md, CLAUDE.md, a
 * system prompt). At most 60 lines; test/cli/help-agents.test.ts runs every command line it
 * shows (lines starting with `  agentgrep `) and checks each exits 0 or 1.
 */
export const AGENTS_GUIDE = `# agentgrep: code search for this repository
Four commands print compact, grouped text packets (--json for JSON). Exit 0 = found, 1 = none,
2 = bad input (one line on stderr says what to change).

grep: every occurrence of text you can name (identifier, message, literal), with rg's files
and lines (N:text, N-text for context), each under its enclosing function or class and its
line range (method run @ 40-62 in Registry: the container is named once for the groups that
follow in it; a definition line ends with '  @ 40-62' instead). When the
matches lie in at most 3 symbols of at most 40 lines, those print whole (N|text, "(whole)"),
and so does a short definition of the name you searched for, however many callers are listed;
-A/-B/-C print rg's context instead; --full-region never|always decides it yourself. One last
'cut:' line says what was left out and how to see it (--max-files, --max-regions, -l).
  agentgrep grep -n UserError src/
  agentgrep grep -C 2 -e parse_config -e load_config .
  agentgrep grep -l --regex -t ts 'export (async )?function'
find: which files to open for a topic when you do not know the names; ranked, with why and
each file's structure. Words match any identifier form (rate limit = RateLimit = rate_limit);
a path word (one with a /, as asyncio/ or src/net, or a file name) scopes the search to it (in a big tree, name the library's dir).
  agentgrep find rate limit
  agentgrep find --max-files 5 config loading
  agentgrep find parse limit src/structure/
outline: one file's symbols with exact start-end lines, no bodies: read only the lines you need.
A range marked (approx) overlaps a syntax error (often a macro): its start is right, its end may
be off; read a few lines past it.
  agentgrep outline src/cli/main.ts
  agentgrep outline --max-items 20 README.md
trace: a question about a name's relations; ranked files and the code regions that answer.
  agentgrep trace subject:parseTraceQuery relation:called_from
  agentgrep trace subject:maxFiles relation:comes_from support:options
  agentgrep trace subject:version relation:defined kind:code path:src

Prefer find or trace over grep when:
- you do not know the identifier: find takes plain words and finds the names for you;
- the question is who calls X, where X comes from, where X is handled: trace ranks the code
  that answers, where grep lists every mention unranked;
- the question is a topic ("where are retries done?"): find first, then grep the names it shows.
Prefer grep when you can name the text: it is exhaustive, and it says what it cut and how to see it.

trace terms: subject:X relation:R [support:WORD]... [kind:code|docs|tests] [path:SUBTREE]
  defined          where is X defined?
  called_from      who calls X?
  triggered_from   what triggers X (events, signals, hooks)?
  rendered         where is X rendered or displayed?
  populated        where is X assigned or filled in?
  comes_from       where does X's value come from (config, env, arguments)?
  handled          where is X handled (events, errors, requests)?
  implementation   what implements X (interface, trait, abstract method)?

grep takes rg's command line: agentgrep grep [FLAGS] PATTERN [PATH...]
  The PATTERN is literal unless --regex (rg syntax); -F is accepted (literal is the default).
  -e PATTERN (repeatable)  -i  -S smart case  -s case-sensitive  -w whole words  -v invert
  -n (lines are always numbered)  -C/-A/-B NUM context  -m NUM max matches per file
  -l files with matches  -c count per file  -o only the matching part  -x whole lines  -q quiet
  -t TYPE / -T TYPE  -g GLOB  --iglob GLOB  --max-depth N  --hidden  --no-ignore  -L  --files (list files)
  -f FILE patterns one per line  --files-without-match  -a search binary files as text
  -U with --regex: a match may span lines ('def \\w+\\(\\s*\\n'); (?s) or --multiline-dotall lets . match \\n
-l, -c and --files print what rg prints. --other: nearby unmatched symbols; --show-roles: tags.
`;
