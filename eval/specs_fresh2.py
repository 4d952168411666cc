"""Second held-out fresh suite of agentgrep's multi-language suite (eval/cases-fresh2.json).

Written in session 6 for issue 19 ("Generalisation is the measure"), on three trees the project had
never been measured on: `django` (a large Python project), `rxjs` (TypeScript sources) and
`solidity` (a language no suite covered: OpenZeppelin Contracts, Uniswap v3-core, solmate). Each
case was written BEFORE agentgrep's find or trace ran on these trees: the question first, as an
agent that does not know the names would ask it (a topic in plain words, seldom a word of the
answer's path), then the answer read in the code with rg and sed, with a note saying why it is right
and which tempting files (wrappers, callers, tests, interfaces, another project's copy) are wrong.
A held-out set for judging find/trace changes: never tune against its cases one by one.

Same schema and rules as specs.py (difficulty, triggered_from); build with
    python3 eval/build_cases.py --specs specs_fresh2
Corpora: django, rxjs, solidity (eval/setup.sh).
"""

SUITE = "langs-fresh2"
OUT = "cases-fresh2.json"

# find: (id, corpus, query, acceptable files, difficulty, note)
# trace: (id, corpus, args, {path: [(start, end, anchor)]}, difficulty, note)

TRACE = []

FIND = [
    # ------------------------------------------------------------------ django (Django 3.2.25, django/)
    ("fresh2-find-django-cross-site-forgery", "django", "reject a form post from another site that does not carry the secret token",
     ["django/middleware/csrf.py"], "hard",
     "CsrfViewMiddleware.process_view (205) rejects an unsafe request whose token does not match the cookie "
     "(_compare_masked_tokens, REASON_BAD_TOKEN); the path is the acronym. Tempting: django/views/csrf.py (only the "
     "failure page), django/template/context_processors.py and templatetags (put the token in the form), "
     "django/views/decorators/csrf.py (csrf_exempt wrappers), django/core/signing.py"),
    ("fresh2-find-django-password-verify", "django", "check a typed password against the stored salted slow hash and upgrade old algorithms",
     ["django/contrib/auth/hashers.py"], "hard",
     "check_password (31) identifies the hasher, verifies, and calls setter to re-encode when must_update; the "
     "PBKDF2/Argon2/BCrypt hasher classes follow. Tempting: contrib/auth/base_user.py (AbstractBaseUser.check_password "
     "calls it), contrib/auth/password_validation.py (strength rules), contrib/auth/backends.py (authenticate), "
     "django/utils/crypto.py (the pbkdf2 primitive only), contrib/auth/forms.py"),
    ("fresh2-find-django-schema-change-order", "django", "order the schema change files so each one runs after those it depends on",
     ["django/db/migrations/graph.py", "django/db/migrations/executor.py", "django/db/migrations/loader.py"], "hard",
     "MigrationGraph (61) holds the dependency edges and forwards_plan/iterative_dfs (197/217) produce the order, "
     "ensure_not_cyclic checks it; executor.migration_plan (22) and the loader that builds the graph are accepted. "
     "Tempting: migrations/autodetector.py (writes dependencies into new migrations), migrations/state.py, "
     "core/management/commands/migrate.py and showmigrations.py (callers), db/backends/base/schema.py"),
    ("fresh2-find-django-model-diff", "django", "compare current model definitions with the previous project state to work out which schema operations to generate",
     ["django/db/migrations/autodetector.py"], "hard",
     "MigrationAutodetector (16): changes() and _detect_changes (101) diff from_state and to_state into "
     "operations (generate_created_models, generate_added_fields, ...). Tempting: core/management/commands/makemigrations.py "
     "(the caller), migrations/state.py (ProjectState, the two states compared), migrations/questioner.py, "
     "migrations/operations/ (the operation classes it emits), migrations/writer.py (writes the file)"),
    ("fresh2-find-django-lookup-joins", "django", "resolve double underscore lookups that follow relations into table joins",
     ["django/db/models/sql/query.py"], "hard",
     "Query.build_filter (1263) -> solve_lookup_type (1135) -> setup_joins (1610) and names_to_path (1507) walk "
     "the 'a__b__c' parts over relations and add joins. Tempting: db/models/sql/compiler.py (renders the joins), "
     "db/models/sql/datastructures.py (the Join class), db/models/query.py (QuerySet.filter delegates), "
     "db/models/lookups.py (the lookup classes), db/models/query_utils.py (Q, FilteredRelation)"),
    ("fresh2-find-django-route-match", "django", "match the requested address against the route patterns and pick the view with its captured arguments",
     ["django/urls/resolvers.py"], "hard",
     "URLResolver.resolve (554) tries each pattern; RoutePattern/RegexPattern.match (265/156) capture the "
     "arguments; ResolverMatch (32) carries the view and kwargs. Tempting: urls/conf.py (path()/include() build "
     "patterns), urls/base.py (resolve/reverse wrappers), urls/converters.py (int/slug converters), "
     "core/handlers/base.py (calls resolve for a request)"),
    ("fresh2-find-django-markup-tokens", "django", "split page markup into text variable block and comment tokens and build a node tree from them",
     ["django/template/base.py"], "hard",
     "Lexer.tokenize/create_token (337/351) with TokenType (99), Parser.parse (426) builds the NodeList; "
     "no query word is in the path; 'node' and 'token' are in the content of many files. Tempting: template/defaulttags.py "
     "(the tag compilers called by the parser), template/engine.py, template/loader_tags.py (block/extends), "
     "utils/html.py, contrib/admindocs; DebugLexer (381) is in base.py itself"),
    ("fresh2-find-django-reset-link", "django", "make a one time link for a forgotten password that stops working once the password changes",
     ["django/contrib/auth/tokens.py"], "hard",
     "PasswordResetTokenGenerator: _make_hash_value (87) mixes the password hash and last_login into the HMAC, "
     "check_token (30) enforces PASSWORD_RESET_TIMEOUT. Tempting: contrib/auth/views.py (PasswordResetConfirmView "
     "checks it), contrib/auth/forms.py (PasswordResetForm mails the link), core/signing.py (another HMAC "
     "scheme), the registration/password_reset_*.html templates"),
    ("fresh2-find-django-batch-related", "django", "load related objects for many rows in one extra query instead of one query per row",
     ["django/db/models/query.py", "django/db/models/fields/related_descriptors.py"], "hard",
     "prefetch_related: prefetch_related_objects (1642), get_prefetcher (1777) and prefetch_one_level (1831) in "
     "query.py; the descriptors' get_prefetch_queryset build the one query per relation. Tempting: "
     "db/models/sql/compiler.py (select_related joins: another answer to a different question), "
     "contrib/contenttypes/fields.py (GenericForeignKey's own get_prefetch_queryset: accepted answers are the core), "
     "db/models/query_utils.py"),
    ("fresh2-find-django-dev-reload", "django", "restart the development server whenever a source file is edited",
     ["django/utils/autoreload.py"], "hard",
     "run_with_reloader (632) restarts the child process; StatReloader (369) polls mtimes and WatchmanReloader "
     "(411) subscribes to changes. Tempting: core/management/commands/runserver.py (calls "
     "autoreload.run_with_reloader), core/servers/basehttp.py (the WSGI server itself), "
     "utils/translation/reloader.py (watches .mo files: a hook into it)"),
    ("fresh2-find-django-hashed-assets", "django", "append a content hash to asset file names and rewrite the references inside stylesheets",
     ["django/contrib/staticfiles/storage.py"], "hard",
     "HashedFilesMixin: hashed_name (79) adds the md5 of the content, url_converter (149) and the css url()/"
     "@import patterns (47) rewrite references, post_process (203); ManifestStaticFilesStorage keeps the map. "
     "Tempting: contrib/staticfiles/management/commands/collectstatic.py (calls post_process), "
     "contrib/staticfiles/finders.py, core/files/storage.py (the base storage), templatetags/static.py"),
    ("fresh2-find-django-frame-embedding", "django", "stop other sites from showing our pages inside a frame",
     ["django/middleware/clickjacking.py", "django/views/decorators/clickjacking.py"], "hard",
     "XFrameOptionsMiddleware (12) sets X-Frame-Options from X_FRAME_OPTIONS; the decorators exempt or set it per "
     "view; the path word is 'clickjacking'. Tempting: middleware/security.py (other security headers, no frame "
     "option), conf/global_settings.py (only the default 'DENY'), contrib/admin/ templates, django/http/response.py"),
]

TRACE += [
    ("fresh2-trace-django-comes-settings-module", "django", ["subject:DJANGO_SETTINGS_MODULE", "relation:comes_from"],
     {"django/conf/__init__.py": [(22, 22, 'ENVIRONMENT_VARIABLE = "DJANGO_SETTINGS_MODULE"'),
                                  (60, 60, "os.environ.get(ENVIRONMENT_VARIABLE)")],
      "django/core/management/__init__.py": [(239, 239, "os.environ.get('DJANGO_SETTINGS_MODULE')")],
      "django/core/management/commands/compilemessages.py": [(72, 72, "os.environ.get('DJANGO_SETTINGS_MODULE')")]},
     "hard", "LazySettings._setup reads it through the ENVIRONMENT_VARIABLE constant (named at 22, read at 60); "
             "ManagementUtility.fetch_command (239) and compilemessages (72) read the literal name. "
             "management/base.py:77 (handle_default_options) and the project templates' setdefault only set it; "
             "global_settings.py and the docstrings only mention it"),
    ("fresh2-trace-django-triggered-close-caches", "django", ["subject:close_caches", "relation:triggered_from"],
     {"django/http/response.py": [(292, 292, "signals.request_finished.send(sender=self._handler_class)")],
      "django/core/cache/__init__.py": [(66, 66, "signals.request_finished.connect(close_caches)")],
      "django/test/signals.py": [(30, 30, "close_caches()")]},
     "hard", "close_caches (59) is a receiver of the request_finished signal: registered at 66, fired by "
             "HttpResponseBase.close (292), the only send of that signal; test/signals.py's clear_cache_handlers, "
             "a setting_changed receiver, also runs it directly when CACHES changes (30; added after the baseline "
             "run ranked it first: the case first missed this direct call). The other receivers (db's "
             "close_old_connections, reset_urlconf, the autoreloader's request_processed) and test/client.py's "
             "disconnect/connect pairs are not about this callback"),
    ("fresh2-trace-django-called-prefetch", "django", ["subject:prefetch_related_objects", "relation:called_from"],
     {"django/db/models/query.py": [(813, 813, "prefetch_related_objects(self._result_cache"),
                                    (1457, 1457, "prefetch_related_objects(self._result_cache")]},
     "medium", "QuerySet._prefetch_related_objects (811) and RawQuerySet._prefetch_related_objects (1456) call it; "
               "the calls of the underscore methods (1326, 1473) are another name, the definition is at 1642 and "
               "prefetch_one_level's docstring (1833) only names it"),
    ("fresh2-trace-django-defined-query", "django", ["subject:Query", "relation:defined"],
     {"django/db/models/sql/query.py": [(155, 155, "class Query(BaseExpression):")]},
     "hard", "the head of the 2,400-line class that builds SQL (155); RawQuery (81) in the same file, QuerySet and "
             "RawQuerySet in db/models/query.py and the many 'Query' words in imports are other names"),
]

FIND += [
    # ------------------------------------------------------------------ rxjs (RxJS 7.8.1, src/)
    ("fresh2-find-rxjs-quiet-period", "rxjs", "drop values that come in quick succession and pass only the last one once the source has been quiet for a while",
     ["src/internal/operators/debounceTime.ts", "src/internal/operators/debounce.ts"], "hard",
     "debounceTime emits the latest value only after dueTime of silence and drops the pending one when a new value "
     "arrives (its doc comment, 8-22); debounce is the same with a duration selector. Tempting: auditTime.ts/audit.ts "
     "(emit the latest value at the end of a fixed window, not reset by new values), throttleTime.ts, sampleTime.ts, "
     "delay.ts"),
    ("fresh2-find-rxjs-first-then-ignore", "rxjs", "let the first value through and then ignore the rest for a fixed time window",
     ["src/internal/operators/throttleTime.ts", "src/internal/operators/throttle.ts"], "hard",
     "throttleTime (55) emits a value and silences the source for the duration (leading by default); throttle (84) "
     "takes a duration selector and the ThrottleConfig. Tempting: debounceTime.ts (emits after silence), "
     "auditTime.ts (emits the last value), first.ts/take.ts (no time window), sampleTime.ts"),
    ("fresh2-find-rxjs-resubscribe-on-error", "rxjs", "resubscribe to the source when it errors up to a number of attempts optionally after a delay",
     ["src/internal/operators/retry.ts"], "hard",
     "retry (83) with RetryConfig (count, delay, resetOnSuccess) resubscribes on error. Tempting: retryWhen.ts (the "
     "deprecated notifier form), repeat.ts (resubscribes on complete), catchError.ts (replaces the source), "
     "observable/timer.ts (used for the delay)"),
    ("fresh2-find-rxjs-cancel-previous-inner", "rxjs", "map each value to an inner stream and cancel the previous inner subscription when a new value arrives",
     ["src/internal/operators/switchMap.ts"], "hard",
     "switchMap (86) unsubscribes innerSubscriber before subscribing to the next projection. Tempting: switchAll.ts "
     "and switchMapTo.ts (thin wrappers over switchMap), exhaustMap.ts (ignores new values instead), mergeMap.ts, "
     "concatMap.ts, mergeInternals.ts"),
    ("fresh2-find-rxjs-share-refcount", "rxjs", "let many subscribers share one subscription to the source and reset it when the last one leaves",
     ["src/internal/operators/share.ts"], "hard",
     "share (142) with ShareConfig (connector, resetOnRefCountZero, resetOnError, resetOnComplete) counts "
     "subscribers and resets. Tempting: shareReplay.ts (calls share with a ReplaySubject connector), "
     "operators/refCount.ts and multicast.ts/publish.ts (the deprecated forms), observable/connectable.ts, "
     "observable/ConnectableObservable.ts"),
    ("fresh2-find-rxjs-before-repaint", "rxjs", "run scheduled work right before the browser paints the next frame",
     ["src/internal/scheduler/AnimationFrameScheduler.ts", "src/internal/scheduler/AnimationFrameAction.ts",
      "src/internal/scheduler/animationFrame.ts", "src/internal/scheduler/animationFrameProvider.ts"], "hard",
     "the animationFrame scheduler: AnimationFrameAction schedules the scheduler's flush with "
     "requestAnimationFrame through animationFrameProvider (22); animationFrame.ts is the instance and its doc. "
     "Tempting: observable/dom/animationFrames.ts (an observable of frame timestamps, not a scheduler), "
     "AsapScheduler.ts/AsapAction.ts (microtasks), AsyncScheduler.ts (setInterval), testing/TestScheduler.ts (its rAF delegate)"),
    ("fresh2-find-rxjs-ascii-diagrams", "rxjs", "check streams against ascii diagrams of their emissions on a virtual clock",
     ["src/internal/testing/TestScheduler.ts"], "hard",
     "TestScheduler: parseMarbles (97, 112), expectObservable, expectSubscriptions and run() on virtual time. "
     "Tempting: scheduler/VirtualTimeScheduler.ts (the base clock only), testing/ColdObservable.ts and "
     "HotObservable.ts (built from the diagrams), testing/SubscriptionLog.ts, testing/TestMessage.ts"),
    ("fresh2-find-rxjs-xhr-progress", "rxjs", "send an http request as a stream with upload and download progress events and a timeout",
     ["src/internal/ajax/ajax.ts"], "hard",
     "fromAjax builds the XMLHttpRequest and reports progress (includeDownloadProgress/includeUploadProgress, 407) and "
     "timeout (424) errors. Tempting: ajax/AjaxResponse.ts (the response type), ajax/errors.ts (AjaxTimeoutError), "
     "ajax/types.ts (AjaxConfig), observable/dom/fetch.ts (fromFetch: the fetch variant, no progress), src/ajax/index.ts"),
    ("fresh2-find-rxjs-convert-inputs", "rxjs", "convert promises arrays iterables async generators and readable streams into one kind of stream",
     ["src/internal/observable/innerFrom.ts", "src/internal/observable/from.ts"], "hard",
     "innerFrom (16) dispatches to fromPromise (84), fromArrayLike (66), fromIterable (100), fromAsyncIterable (112), "
     "fromReadableStreamLike (118); from.ts is the public wrapper (adds a scheduler). Tempting: scheduled/scheduled.ts "
     "and scheduled/schedule*.ts (the scheduled variants), util/isPromise.ts, util/isIterable.ts, "
     "util/isReadableStreamLike.ts, types.ts (ObservableInput)"),
    ("fresh2-find-rxjs-wait-all-last", "rxjs", "wait for every source to complete and emit their final values together",
     ["src/internal/observable/forkJoin.ts"], "hard",
     "forkJoin (147) subscribes to all and emits the last value of each once all completed. Tempting: zip.ts (pairs "
     "values by index), combineLatest.ts (emits on every change), lastValueFrom.ts (one source, a promise), "
     "operators/toArray.ts, operators/last.ts"),
    ("fresh2-find-rxjs-unhandled-errors", "rxjs", "errors that no subscriber handled are rethrown later on a new task so the producer keeps going",
     ["src/internal/util/reportUnhandledError.ts", "src/internal/config.ts"], "medium",
     "reportUnhandledError (13) throws on a timeout or calls config.onUnhandledError (config.ts 31 documents the hook); "
     "'unhandled' and 'error' are partly in the path. Tempting: Subscriber.ts (handleUnhandledError calls it), "
     "util/errorContext.ts (the deprecated synchronous mode), operators/catchError.ts, util/UnsubscriptionError.ts"),
]

TRACE += [
    ("fresh2-trace-rxjs-called-report-unhandled", "rxjs", ["subject:reportUnhandledError", "relation:called_from"],
     {"src/internal/Subscriber.ts": [(242, 242, "reportUnhandledError(error);")]},
     "medium", "handleUnhandledError (236) is its only caller; the definition is util/reportUnhandledError.ts:13 and "
               "the import at the top of Subscriber.ts is not a call"),
    ("fresh2-trace-rxjs-called-exec-finalizer", "rxjs", ["subject:execFinalizer", "relation:called_from"],
     {"src/internal/Subscription.ts": [(84, 84, "execFinalizer(finalizer);"), (127, 127, "execFinalizer(teardown);")]},
     "medium", "unsubscribe runs each finalizer (84) and add runs one at once when the subscription is already closed "
               "(127); the definition is at 210"),
    ("fresh2-trace-rxjs-defined-subscriber", "rxjs", ["subject:Subscriber", "relation:defined"],
     {"src/internal/Subscriber.ts": [(21, 21, "export class Subscriber<T> extends Subscription implements Observer<T> {")]},
     "hard", "the class head (21); SafeSubscriber (193) in the same file and OperatorSubscriber "
             "(operators/OperatorSubscriber.ts:29) extend it; the many 'Subscriber' imports and types are uses"),
    ("fresh2-trace-rxjs-triggered-stopped-notification", "rxjs", ["subject:onStoppedNotification", "relation:triggered_from"],
     {"src/internal/Subscriber.ts": [(262, 263, "onStoppedNotification(notification, subscriber)")]},
     "hard", "a user hook in config (config.ts 10/43 declare it): handleStoppedNotification reads it from config and "
             "fires it on a timeout (263) when a next/error/complete reaches a stopped subscriber; TestScheduler's "
             "comment (569) only names it"),
]

FIND += [
    # ------------------------------------------------------------------ solidity (OpenZeppelin 4.9.6, Uniswap v3-core 1.0.1, solmate 6.8.0)
    ("fresh2-find-sol-no-reentry", "solidity", "stop a function from being entered again while a call to it is still running",
     ["openzeppelin/security/ReentrancyGuard.sol", "solmate/src/utils/ReentrancyGuard.sol"], "hard",
     "both projects' guards: OpenZeppelin's nonReentrant modifier with _NOT_ENTERED/_ENTERED (34-57) and solmate's "
     "locked flag. Tempting: solmate/src/test/ReentrancyGuard.t.sol (its test), security/PullPayment.sol and "
     "utils/Address.sol (warn about reentrancy), the build/contracts/ReentrancyGuard.json artifact (ABI only)"),
    ("fresh2-find-sol-recover-signer", "solidity", "recover the address that signed a message hash and reject malleable signatures",
     ["openzeppelin/utils/cryptography/ECDSA.sol"], "hard",
     "ECDSA.tryRecover/recover (55-152) wrap ecrecover and reject an s in the upper half (the malleability comments at "
     "39/78/125). Tempting: SignatureChecker.sol (calls tryRecover, adds ERC-1271), EIP712.sol (builds the typed hash), "
     "ERC20Permit.sol and MinimalForwarder.sol (callers), solmate's ERC20.sol permit (calls ecrecover directly)"),
    ("fresh2-find-sol-membership-proof", "solidity", "prove that a leaf belongs to a set given only the root hash and the sibling hashes",
     ["openzeppelin/utils/cryptography/MerkleProof.sol", "solmate/src/utils/MerkleProofLib.sol"], "hard",
     "MerkleProof.verify/processProof/multiProofVerify (27-77) and solmate's MerkleProofLib.verify; the name is the "
     "tree's inventor. Tempting: solmate/src/test/MerkleProofLib.t.sol, utils/structs/BitMaps.sol (claimed-leaf "
     "bitmaps in airdrops), utils/cryptography/ECDSA.sol"),
    ("fresh2-find-sol-full-precision-muldiv", "solidity", "multiply two integers and divide by a third without losing precision when the product overflows 256 bits",
     ["uniswap-v3-core/contracts/libraries/FullMath.sol", "openzeppelin/utils/math/Math.sol"], "hard",
     "FullMath.mulDiv (14) and Math.mulDiv (55) compute the 512-bit product and divide it exactly. Tempting: "
     "solmate's FixedPointMathLib.sol (mulDivDown reverts when x*y overflows: 'Equivalent to require(... x <= "
     "type(uint256).max / y)', 43), SqrtPriceMath.sol (a caller of FullMath), LowGasSafeMath.sol and SafeMath.sol "
     "(overflow checks only), SafeCast.sol"),
    ("fresh2-find-sol-price-history", "solidity", "store cumulative price observations in a fixed ring so a time weighted average can be read later",
     ["uniswap-v3-core/contracts/libraries/Oracle.sol"], "hard",
     "Oracle: the Observation[65535] array written by write (78), grown by grow (108), read by observe; "
     "tickCumulative is the time-weighted sum. Tempting: interfaces/pool/IUniswapV3PoolDerivedState.sol (observe's "
     "interface), IUniswapV3PoolState.sol (observations getter), OpenZeppelin's utils/Checkpoints.sol (a history "
     "of values by block), utils/structs/DoubleEndedQueue.sol"),
    ("fresh2-find-sol-delegate-weight", "solidity", "let holders hand their weight to someone else and look up that weight at a past block",
     ["openzeppelin/governance/utils/Votes.sol", "openzeppelin/token/ERC20/extensions/ERC20Votes.sol"], "hard",
     "delegate/_delegate and getPastVotes (Votes.sol 81-152, ERC20Votes.sol 95-238 with _moveVotingPower). "
     "Tempting: governance/extensions/GovernorVotes.sol (reads getPastVotes), utils/Checkpoints.sol (the history "
     "structure used), ERC20Snapshot.sol (past balances, no delegation), ERC20VotesComp.sol (a thin Compound-named "
     "variant), token/ERC721/extensions/ERC721Votes.sol (an adapter over Votes), interfaces/IERC5805.sol"),
    ("fresh2-find-sol-signed-approval", "solidity", "approve a spender of tokens with an off chain signature instead of a transaction",
     ["openzeppelin/token/ERC20/extensions/ERC20Permit.sol", "solmate/src/tokens/ERC20.sol"], "hard",
     "EIP-2612 permit: OpenZeppelin's ERC20Permit.permit (49) and solmate's ERC20.permit (116). Tempting: "
     "IERC20Permit.sol (the interface), draft-ERC20Permit.sol (a re-export: only an import), SafeERC20.safePermit "
     "(95, a caller), utils/cryptography/EIP712.sol and ECDSA.sol (the pieces it uses), OpenZeppelin's ERC20.sol "
     "(approve by transaction)"),
    ("fresh2-find-sol-delayed-operations", "solidity", "hold approved operations for a minimum waiting period before they can run with proposer and executor roles",
     ["openzeppelin/governance/TimelockController.sol"], "hard",
     "TimelockController (25): PROPOSER_ROLE/EXECUTOR_ROLE (27-28), schedule, execute, getMinDelay (178). Tempting: "
     "governance/extensions/GovernorTimelockControl.sol (a governor that queues into it), GovernorTimelockCompound.sol "
     "and vendor/compound/ICompoundTimelock.sol (Compound's timelock), token/ERC20/utils/TokenTimelock.sol (locks tokens "
     "until a date, no operations)"),
    ("fresh2-find-sol-gradual-release", "solidity", "release tokens to a beneficiary gradually over a schedule",
     ["openzeppelin/finance/VestingWallet.sol"], "hard",
     "VestingWallet: release (99/111), vestedAmount and the linear _vestingSchedule (136). Tempting: "
     "token/ERC20/utils/TokenTimelock.sol (releases everything at once after a time), finance/PaymentSplitter.sol "
     "(splits by shares, not time), utils/escrow/ConditionalEscrow.sol"),
    ("fresh2-find-sol-role-admins", "solidity", "permissions by role where each role has an admin role that may grant and revoke it",
     ["openzeppelin/access/AccessControl.sol"], "hard",
     "AccessControl: getRoleAdmin (129), grantRole/revokeRole guarded by onlyRole(getRoleAdmin(role)) (145/160), "
     "_setRoleAdmin. Tempting: AccessControlEnumerable.sol and AccessControlDefaultAdminRules.sol (extensions), "
     "IAccessControl.sol (interface), Ownable.sol (one owner), solmate's auth/authorities/RolesAuthority.sol (roles as "
     "a bitmask, no admin role), TimelockController.sol (a user)"),
    ("fresh2-find-sol-predictable-address", "solidity", "deploy a contract at an address that can be computed in advance from a salt",
     ["openzeppelin/utils/Create2.sol", "solmate/src/utils/CREATE3.sol", "openzeppelin/proxy/Clones.sol"], "hard",
     "Create2.deploy/computeAddress (30-52), solmate's CREATE3.deploy/getDeployed (37-62) and Clones.cloneDeterministic/"
     "predictDeterministicAddress (45-82) all do it. Tempting: solmate/src/test/CREATE3.t.sol, utils/SSTORE2.sol "
     "(stores data as contract code), uniswap's IUniswapV3PoolDeployer.sol (only the deploy parameters), "
     "the build/contracts JSON artifacts"),
    ("fresh2-find-sol-tolerant-transfer", "solidity", "transfer tokens safely even when the token contract returns no boolean",
     ["openzeppelin/token/ERC20/utils/SafeERC20.sol", "solmate/src/utils/SafeTransferLib.sol",
      "uniswap-v3-core/contracts/libraries/TransferHelper.sol"], "medium",
     "SafeERC20._callOptionalReturn, solmate's SafeTransferLib (checks returndata in assembly) and Uniswap's "
     "TransferHelper.safeTransfer ('data.length == 0 || abi.decode') accept a missing return value; 'safe' and "
     "'transfer' are in two of the paths. Tempting: solmate/src/test/utils/weird-tokens/MissingReturnToken.sol and the "
     "other weird tokens (test fixtures), SafeTransferLib.t.sol, OpenZeppelin's ERC20.sol, utils/Address.sol (functionCall)"),
]

TRACE += [
    ("fresh2-trace-sol-called-try-recover", "solidity", ["subject:tryRecover", "relation:called_from"],
     {"openzeppelin/utils/cryptography/ECDSA.sol": [(68, 68, "return tryRecover(hash, v, r, s);"),
                                                   (89, 89, "tryRecover(hash, signature);"),
                                                   (104, 104, "return tryRecover(hash, v, r, s);"),
                                                   (113, 113, "tryRecover(hash, r, vs);"),
                                                   (152, 152, "tryRecover(hash, v, r, s);")],
      "openzeppelin/utils/cryptography/SignatureChecker.sol": [(25, 25, "ECDSA.tryRecover(hash, signature);")]},
     "medium", "three overloads call each other (the 65-byte form at 68 and the r/vs form at 104 end in the v/r/s form) "
               "and each recover calls its tryRecover (89, 113, 152); SignatureChecker.isValidSignatureNow (25) is "
               "the one caller outside; the definitions are at 55, 101, 124"),
    ("fresh2-trace-sol-called-nonreentrant-before", "solidity", ["subject:_nonReentrantBefore", "relation:called_from"],
     {"openzeppelin/security/ReentrancyGuard.sol": [(51, 51, "_nonReentrantBefore();")]},
     "medium", "the nonReentrant modifier (50) calls it before the body; its definition is at 56; solmate's guard "
               "inlines its check and has no such function"),
    ("fresh2-trace-sol-defined-erc20", "solidity", ["subject:ERC20", "relation:defined"],
     {"openzeppelin/token/ERC20/ERC20.sol": [(38, 38, "contract ERC20 is Context, IERC20, IERC20Metadata {")],
      "solmate/src/tokens/ERC20.sol": [(8, 8, "abstract contract ERC20 {")]},
     "hard", "two projects define a contract ERC20: OpenZeppelin's (38) and solmate's abstract one (8). IERC20 "
             "(the interface), ERC20Burnable/ERC20Votes/... (contracts that inherit it), the mocks (MockERC20) and the "
             "build/contracts/ERC20.json artifact are other names or no definition"),
    ("fresh2-trace-sol-called-before-token-transfer", "solidity",
     ["subject:_beforeTokenTransfer", "relation:called_from", "path:openzeppelin/token/ERC20"],
     {"openzeppelin/token/ERC20/ERC20.sol": [(226, 226, "_beforeTokenTransfer(from, to, amount);"),
                                            (254, 254, "_beforeTokenTransfer(address(0), account, amount);"),
                                            (280, 280, "_beforeTokenTransfer(account, address(0), amount);")],
      "openzeppelin/token/ERC20/extensions/ERC20Snapshot.sol": [(124, 124, "super._beforeTokenTransfer(from, to, amount);")],
      "openzeppelin/token/ERC20/extensions/ERC20Pausable.sol": [(31, 31, "super._beforeTokenTransfer(from, to, amount);")],
      "openzeppelin/token/ERC20/presets/ERC20PresetMinterPauser.sol": [(92, 92, "super._beforeTokenTransfer(from, to, amount);")]},
     "medium", "the hook runs in _transfer (226), _mint (254) and _burn (280); the overrides in ERC20Snapshot, "
               "ERC20Pausable and the minter-pauser preset chain to the parent with super (calls too); the "
               "'function _beforeTokenTransfer' lines are definitions, the ERC721/ERC1155 hooks are outside the path"),
]

CORPORA = {
    "django": "Debian bookworm python3-django 3:3.2.25-0+deb12u3: the django/ package as dist-packages holds it "
              "(Python, templates, admin JavaScript, conf/locale .po/.mo catalogues; the egg-info and the symlinks to "
              "Debian's shared jQuery/XRegExp left out); 3,494 files",
    "rxjs": "npm rxjs@7.8.1: the package's TypeScript src/ (internal/ operators, observables, schedulers, subjects, "
            "testing; the ajax/fetch/webSocket/testing entry points) and package.json; the compiled dist/ left out; 261 files",
    "solidity": "npm @openzeppelin/contracts@4.9.6 as openzeppelin/ (contracts and build/contracts JSON artifacts), "
                "@uniswap/v3-core@1.0.1 as uniswap-v3-core/ (contracts/ libraries and interfaces, artifacts/), "
                "solmate@6.8.0 as solmate/ (src/ with its tests); each package whole; 467 files",
}
