"""Held-out fresh cases of agentgrep's multi-language suite (eval/cases-fresh.json).

Written in session 5 for issue 19, each BEFORE agentgrep's find or trace ran on it: the question
first, as an agent that does not know the code would ask it (a subsystem in words, seldom a word of
the answer's path), then the answer found by reading the code with rg and sed, with a note saying why
it is right and which tempting files (wrappers, debug variants, tests, callers, another copy) are
wrong. They are a held-out set for judging find/trace changes: never tune against them case by case.

Same schema and rules as specs.py (difficulty, triggered_from); build with
    python3 eval/build_cases.py --specs specs_fresh
Corpora: those of specs.py, plus `gopath` (the ~110,000-file Go world, eval/setup.sh).
"""
import specs as _base

SUITE = "langs-fresh"
OUT = "cases-fresh.json"

# find: (id, corpus, query, acceptable files, difficulty, note)
# trace: (id, corpus, args, {path: [(start, end, anchor)]}, difficulty, note)

FIND = [
    # ------------------------------------------------------------------ c (Linux 6.1)
    ("fresh-find-c-buddy-merge", "c", "combine freed physical pages with their neighbours into larger power of two blocks",
     ["mm/page_alloc.c"], "hard",
     "__free_one_page merges a freed block with its buddy order by order (buddy_merge_likely, done_merging); "
     "no query word is in the path. Tempting: mm/compaction.c (moves pages, does not merge), mm/page_isolation.c, "
     "mm/shuffle.c, lib/genalloc.c (another allocator), mm/zsmalloc.c, mm/slub.c"),
    ("fresh-find-c-load-balance", "c", "move tasks from an overloaded cpu to idle ones to even out the load",
     ["kernel/sched/fair.c"], "hard",
     "CFS load balancing: load_balance, find_busiest_group, rebalance_domains, need_active_balance. Tempting: "
     "kernel/sched/rt.c (push/pull of real-time tasks, rt_overloaded), kernel/sched/deadline.c, kernel/sched/core.c "
     "(migration), kernel/sched/topology.c (builds the domains), Documentation/scheduler/"),
    ("fresh-find-c-cow-fault", "c", "give a process its own copy of a shared page when it writes to it after fork",
     ["mm/memory.c"], "hard",
     "do_wp_page and wp_page_copy break copy-on-write on a write fault. Tempting: kernel/fork.c (copy_mm/dup_mmap set "
     "the pages up shared: a caller's side), mm/huge_memory.c (do_huge_pmd_wp_page, the THP variant), mm/hugetlb.c "
     "(hugetlb_wp), mm/ksm.c (break_cow), tools/testing/selftests/vm/"),
    ("fresh-find-c-psi", "c", "report how much time tasks stall waiting for cpu memory or io across the system",
     ["kernel/sched/psi.c", "include/linux/psi.h", "include/linux/psi_types.h"], "hard",
     "Pressure Stall Information: psi.c's header says 'Pressure stall information for CPU, memory and IO'; the file "
     "name is the acronym. Tempting: kernel/delayacct.c (per-task delay accounting, not system-wide pressure), "
     "kernel/sched/stats.c, block/blk-iocost.c, Documentation/accounting/psi.rst (docs)"),
    ("fresh-find-c-memcg-limit", "c", "cap how much memory a group of processes may use and reclaim when it goes over",
     ["mm/memcontrol.c", "include/linux/memcontrol.h"], "hard",
     "the memory cgroup controller: try_charge_memcg reclaims (try_to_free_mem_cgroup_pages) when memory.max/high is "
     "exceeded. Tempting: mm/page_counter.c (only the counter it charges), kernel/cgroup/cgroup.c (the generic "
     "cgroup core), mm/vmscan.c (the reclaim it calls), Documentation/admin-guide/cgroup-v2.rst"),
    ("fresh-find-c-entropy-pool", "c", "collect entropy from interrupt timing to seed the kernel random number generator",
     ["drivers/char/random.c"], "medium",
     "add_interrupt_randomness, the input pool and crng seeding; 'random' is in the path. Tempting: "
     "crypto/jitterentropy.c (the CPU jitter RNG, another source), crypto/drbg.c, drivers/char/hw_random/core.c "
     "(hardware RNGs), lib/random32.c (the non-cryptographic PRNG), include/linux/random.h (declarations only)"),

    # ------------------------------------------------------------------ java (OpenJFX 11)
    ("fresh-find-java-on-screen-keyboard", "java", "on screen keyboard that pops up for text input on touch devices",
     ["javafx.controls/com/sun/javafx/scene/control/skin/FXVK.java",
      "javafx.controls/com/sun/javafx/scene/control/skin/FXVKSkin.java"], "hard",
     "FXVK is the virtual keyboard control and FXVKSkin draws its keys and attaches it to the focused text input; "
     "the name is an acronym. Tempting: TextInputControlSkin.java (only asks for the keyboard), "
     "FXVKCharEntities.java (a table of key characters), ConditionalFeature.java (VIRTUAL_KEYBOARD flag), the "
     "monocle/Android input devices"),
    ("fresh-find-java-animation-heartbeat", "java", "heartbeat that drives every running animation at a steady frame rate",
     ["javafx.graphics/com/sun/scenario/animation/AbstractPrimaryTimer.java",
      "javafx.graphics/com/sun/javafx/tk/quantum/PrimaryTimer.java"], "hard",
     "AbstractPrimaryTimer keeps the pulse receivers and calls timePulse on each every pulse (timePulseImpl), with "
     "the pulse and framerate properties; quantum's PrimaryTimer is the toolkit's subclass. Tempting: "
     "javafx/animation/AnimationTimer.java and Animation.java (receivers of the pulse), AnimationPulse.java "
     "(statistics MBean), QuantumToolkit.java (the pulse of rendering)"),
    ("fresh-find-java-flow-wrap", "java", "arrange children left to right and wrap onto the next line when a row is full",
     ["javafx.graphics/javafx/scene/layout/FlowPane.java"], "hard",
     "FlowPane lays children out in runs and wraps at its wrapLength; no query word is in its name. Tempting: "
     "HBox.java (one row, no wrapping), TilePane.java (uniform tiles), javafx/scene/text/TextFlow.java and "
     "PrismTextLayout.java (wrap text, not nodes), GridPane.java"),
    ("fresh-find-java-css-cascade", "java", "work out which style rules apply to a node and cache the computed values",
     ["javafx.graphics/javafx/scene/CssStyleHelper.java", "javafx.graphics/com/sun/javafx/css/StyleManager.java"], "hard",
     "StyleManager finds the matching selectors of a node's stylesheets (findMatchingStyles, the style-map cache) and "
     "CssStyleHelper applies the cascade and caches calculated values per node (transitionToState, StyleCacheEntry). "
     "Tempting: javafx/css/CssParser.java (parses only), Selector.java/SimpleSelector.java (one rule's matching), "
     "Node.java (calls into the helper), StyleCache.java (a piece of the cache)"),
    ("fresh-find-java-text-shortcuts", "java", "keyboard shortcuts for copy paste and caret movement in text fields",
     ["javafx.controls/com/sun/javafx/scene/control/behavior/TextInputControlBehavior.java"], "hard",
     "the input map of TextInputControlBehavior binds shortcut-C/INSERT/COPY to copy, PASTE, and caret moves; "
     "Tempting: TextFieldBehavior.java and TextAreaBehavior.java (subclasses adding a few keys), "
     "KeyboardShortcutsHandler.java (scene-wide mnemonics and traversal), TextInputControl.java (copy/paste "
     "themselves), KeyBinding.java"),
    ("fresh-find-java-column-sort", "java", "reorder the rows of a table when the user clicks a column heading",
     ["javafx.controls/javafx/scene/control/skin/TableColumnHeader.java", "javafx.controls/javafx/scene/control/TableView.java"],
     "medium",
     "TableColumnHeader's mouse-released handler calls sortColumn (adds the column to the sort order); TableView's "
     "DEFAULT_SORT_POLICY and sort() reorder the items. 'table' and 'column' are in the paths. Tempting: "
     "TreeTableView.java (the tree variant), TableUtil.java, javafx.base's SortedList.java, NestedTableColumnHeader.java"),
]

TRACE = [
    # ------------------------------------------------------------------ c (Linux 6.1)
    ("fresh-trace-c-called-wp-page-copy", "c", ["subject:wp_page_copy", "relation:called_from"],
     {"mm/memory.c": [(3448, 3448, "return wp_page_copy(vmf);"), (3522, 3522, "return wp_page_copy(vmf);")]},
     "medium", "both calls are in do_wp_page (3403): the page with no struct page (vm_normal_page NULL) in a private "
               "mapping (3448) and the final copy when the page cannot be reused (3522); the definition at 3129 is "
               "not a call; mm/huge_memory.c and mm/hugetlb.c have their own copy paths and no call"),
    ("fresh-trace-c-defined-psi-group", "c", ["subject:psi_group", "relation:defined"],
     {"include/linux/psi_types.h": [(162, 162, "struct psi_group {")]},
     "medium", "the struct body under CONFIG_PSI (162); the empty 'struct psi_group { };' at 214 is the !CONFIG_PSI "
               "stub, accepted only as a second region; kernel/sched/psi.c's psi_system is an instance"),

    # ------------------------------------------------------------------ java (OpenJFX 11)
    ("fresh-trace-java-triggered-time-pulse", "java", ["subject:timePulse", "relation:triggered_from"],
     {"javafx.graphics/com/sun/scenario/animation/AbstractPrimaryTimer.java": [(343, 343, "receiversSnapshot[i].timePulse(")],
      "javafx.graphics/javafx/animation/Animation.java": [(1101, 1104, "clipEnvelope.timePulse(elapsedTime);")]},
     "hard", "PulseReceiver.timePulse is fired by the primary timer's loop over its receivers (343); Animation's "
             "doTimePulse fires its clip envelope's timePulse (1101/1104). The overrides in Animation's anonymous "
             "receiver (176) and the ClipEnvelope subclasses are the handlers, not the trigger"),
    ("fresh-trace-java-defined-animation", "java", ["subject:Animation", "relation:defined"],
     {"javafx.graphics/javafx/animation/Animation.java": [(92, 92, "public abstract class Animation {")]},
     "hard", "the public abstract class head (92) of a 1,100-line class; Image.java's private static final class "
             "Animation (860) is an unrelated inner class; AnimationTimer and AnimationAccessor are other names"),
]

FIND += [
    # ------------------------------------------------------------------ rustc (rustc 1.63 + vendor/, ~86,000 files)
    ("fresh-find-rustc-stable-sort", "rustc", "stable sort of a slice that finds runs already in order and merges them",
     ["library/alloc/src/slice.rs"], "hard",
     "merge_sort (1081, 'borrows some ideas from TimSort'), merge (960), behind slice::sort/sort_by/sort_by_key. "
     "Tempting: library/core/src/slice/sort.rs (pdqsort: the unstable sort), vendor/rayon-1.6.1/src/slice/mergesort.rs "
     "(a parallel copy for par_sort), library/alloc/benches and tests, the UI tests"),
    ("fresh-find-rustc-typo-suggestion", "rustc", "suggest a similarly named item when a name cannot be resolved",
     ["compiler/rustc_resolve/src/late/diagnostics.rs", "compiler/rustc_resolve/src/diagnostics.rs",
      "compiler/rustc_span/src/lev_distance.rs"], "hard",
     "late/diagnostics.rs lookup_typo_candidate (1418) and diagnostics.rs early_lookup_typo_candidate/add_typo_suggestion "
     "('similarly named'); lev_distance.rs find_best_match_for_name does the distance. Tempting: rustc_typeck's "
     "method/suggest.rs (methods, not names), the UI tests' .stderr files full of 'a similarly named', clippy"),
    ("fresh-find-rustc-macro-rules", "rustc", "expand declarative macros by matching token trees against each rule pattern",
     ["compiler/rustc_expand/src/mbe/macro_rules.rs", "compiler/rustc_expand/src/mbe/macro_parser.rs"], "medium",
     "macro_rules.rs (generic_extension tries each arm) and macro_parser.rs (the matcher's NFA over token trees). "
     "Tempting: mbe/transcribe.rs (substitutes after a match), rustc_expand/src/proc_macro.rs, vendor/syn-* and "
     "vendor/quote-*, src/test/ui/macros/, the reference's macros-by-example chapter (docs)"),
    ("fresh-find-rustc-const-interpreter", "rustc", "interpreter that evaluates constant expressions at compile time",
     ["compiler/rustc_const_eval/src/interpret/eval_context.rs", "compiler/rustc_const_eval/src/interpret/step.rs",
      "compiler/rustc_const_eval/src/interpret/machine.rs", "compiler/rustc_const_eval/src/const_eval/eval_queries.rs",
      "compiler/rustc_const_eval/src/const_eval/machine.rs", "compiler/rustc_const_eval/src/interpret/mod.rs"], "medium",
     "the CTFE/Miri engine: InterpCx (eval_context.rs), statement stepping (step.rs), the Machine trait and the "
     "const-eval machine, eval_to_allocation_raw (eval_queries.rs). Tempting: rustc_mir_transform/src/const_prop.rs "
     "(uses the interpreter), rustc_middle/src/mir/interpret/ (the value and error types), src/test/ui/consts/"),
    ("fresh-find-rustc-async-state-machine", "rustc", "turn async function bodies into state machines that resume after each await",
     ["compiler/rustc_mir_transform/src/generator.rs", "compiler/rustc_ast_lowering/src/expr.rs"], "hard",
     "generator.rs 'transforms generators into state machines' (the resume switch); ast_lowering's make_async_expr and "
     "lower_expr_await desugar async/.await into a generator with yields. Tempting: library/core/src/future/mod.rs "
     "(from_generator, the runtime glue), src/test/ui/async-await/, vendor/futures-*/ and vendor/tokio-*/ (executors), "
     "vendor/async-trait-*"),
    ("fresh-find-rustc-field-reorder", "rustc", "choose the memory layout of a struct and reorder its fields to reduce padding",
     ["compiler/rustc_middle/src/ty/layout.rs"], "hard",
     "univariant_uninterned (435) sorts fields by alignment unless repr inhibits it (optimize, inverse_memory_index). "
     "Tempting: compiler/rustc_target/src/abi/mod.rs (the Layout/FieldsShape types only), rustc_codegen_llvm/src/type_of.rs, "
     "src/test/ui/layout/, vendor/memoffset-*, the nomicon's repr chapter (docs)"),
    ("fresh-find-rustc-fmt-runtime", "rustc", "write the arguments of println into an output stream at run time with width and precision",
     ["library/core/src/fmt/mod.rs"], "hard",
     "core::fmt::write walks Arguments' pieces and specs and Formatter applies width/precision/fill (padding, "
     "pad_integral). Tempting: library/std/src/io/stdio.rs (_print, the stdout side), library/alloc/src/fmt.rs "
     "(format), compiler/rustc_builtin_macros/src/format.rs (the compile-time format_args! expansion), "
     "library/core/src/fmt/rt/v1.rs (the spec types), library/std/src/macros.rs (println!)"),

    # ------------------------------------------------------------------ juce (JUCE 7.0.5 modules)
    ("fresh-find-juce-spectrum", "juce", "compute the spectrum of a block of audio samples with a radix two transform",
     ["modules/juce_dsp/frequency/juce_FFT.cpp", "modules/juce_dsp/frequency/juce_FFT.h"], "hard",
     "juce::dsp::FFT with its fallback radix-2/4 engine (FFTFallback) and the IPP/FFTW/vDSP back-ends in one file; "
     "the name is the acronym. Tempting: juce_FFT_test.cpp (tests), juce_Convolution.cpp (uses the FFT), "
     "juce_Windowing.cpp (window functions), juce_audio_utils' AudioVisualiserComponent"),
    ("fresh-find-juce-modern-theme", "juce", "default drawing of buttons sliders and scrollbars in the modern flat theme",
     ["modules/juce_gui_basics/lookandfeel/juce_LookAndFeel_V4.cpp", "modules/juce_gui_basics/lookandfeel/juce_LookAndFeel_V4.h"],
     "hard",
     "LookAndFeel_V4 (drawButtonBackground, drawLinearSlider, drawScrollbar, its ColourScheme); 'look and feel' is not "
     "in the query. Tempting: LookAndFeel_V2.cpp/V3.cpp (the older styles it extends), juce_LookAndFeel.cpp (the base: "
     "colours and fonts), juce_Slider.cpp/juce_ScrollBar.cpp (the components that call it)"),
    ("fresh-find-juce-midi-note-pairs", "juce", "keep midi events ordered by time and link each note on with its note off",
     ["modules/juce_audio_basics/midi/juce_MidiMessageSequence.cpp", "modules/juce_audio_basics/midi/juce_MidiMessageSequence.h"],
     "medium",
     "MidiMessageSequence::sort, addEvent's ordered insert and updateMatchedPairs (noteOffObject). 'midi' is in the path. "
     "Tempting: juce_MidiBuffer.cpp (an unlinked buffer), juce_MidiFile.cpp (calls updateMatchedPairs after reading), "
     "juce_MidiKeyboardState.cpp, juce_MidiMessage.cpp"),
    ("fresh-find-juce-coordinate-spaces", "juce", "convert a point between a child's and its parent's coordinate space including transforms",
     ["modules/juce_gui_basics/components/juce_Component.cpp", "modules/juce_gui_basics/components/juce_Component.h"], "hard",
     "ComponentHelpers::convertFromParentSpace/convertToParentSpace/convertCoordinate (337-396) apply the affine "
     "transform and the desktop scale; Component::getLocalPoint calls them; the header declares and documents "
     "getLocalPoint/localPointToGlobal (accepted after the baseline run, as the suite accepts a class's header). Tempting: "
     "juce_graphics/geometry/juce_AffineTransform.cpp, juce_ComponentPeer.cpp (screen/peer conversion), "
     "juce_Desktop.cpp (global scale), juce_Displays.cpp"),
    ("fresh-find-juce-resample", "juce", "play an audio stream at another sample rate by interpolating between its samples",
     ["modules/juce_audio_basics/sources/juce_ResamplingAudioSource.cpp", "modules/juce_audio_basics/sources/juce_ResamplingAudioSource.h",
      "modules/juce_audio_basics/utilities/juce_GenericInterpolator.h"], "medium",
     "ResamplingAudioSource (an AudioSource at a ratio, with its own filter) and GenericInterpolator (process() at a "
     "speed ratio, the base of the Lagrange/windowed-sinc interpolators). Tempting: juce_LagrangeInterpolator.cpp and "
     "juce_WindowedSincInterpolator.cpp (one kernel each), juce_Interpolators.h (type aliases), "
     "juce_AudioTransportSource.cpp (a user), juce_dsp's juce_Oversampling.cpp (integer factors through filters)"),

    # ------------------------------------------------------------------ lua (prosody, luarocks, penlight, awesome)
    ("fresh-find-lua-table-to-text", "lua", "turn a nested table into indented readable text that can be loaded back",
     ["penlight/lua/pl/pretty.lua", "prosody/util/serialization.lua", "luarocks/src/luarocks/persist.lua"], "hard",
     "three projects each do it: penlight's pretty.write/pretty.read, prosody's util.serialization (new/serialize with "
     "indentation, deserialize), luarocks' persist (write_table/save_from_table, loaded back as Lua). Tempting: "
     "prosody/util/json.lua and penlight's pl/data.lua (other formats), awesome/lib/gears/debug.lua (dump only, "
     "no loading), prosody/util/datamanager.lua (calls serialization)"),
    ("fresh-find-lua-class-inheritance", "lua", "object oriented classes with inheritance where a constructor calls the base constructor",
     ["penlight/lua/pl/class.lua"], "hard",
     "pl.class: class(base), _init and super(); no query word in the path. Tempting: awesome/lib/gears/object.lua "
     "(signals on objects), penlight's pl/List.lua and pl/Date.lua (classes defined with it), prosody/util/... "
     "metatables, penlight/lua/pl/compat.lua"),
    ("fresh-find-lua-window-snap", "lua", "stick a window to the screen edges or to neighbouring windows while it is moved with the mouse",
     ["awesome/lib/awful/mouse/snap.lua"], "medium",
     "awful.mouse.snap: snap to edges and other clients while dragging; 'mouse' is in the path. Tempting: "
     "awful/mouse/init.lua (starts the move), awful/mouse/resize.lua, awful/placement.lua (placement functions it "
     "uses), awful/mouse/drag_to_tag.lua"),
    ("fresh-find-lua-async-dns", "lua", "look up host names without blocking the event loop",
     ["prosody/net/adns.lua", "prosody/net/unbound.lua"], "hard",
     "net.adns runs net.dns's resolver in a coroutine driven by net.server's watchers; net.unbound is the libunbound "
     "replacement of net.adns. Tempting: prosody/net/dns.lua (the resolver library itself, synchronous lookups), "
     "net/resolvers/basic.lua and net/connect.lua (users), util/dnsregistry.lua (record type tables)"),
    ("fresh-find-lua-per-user-files", "lua", "keep each account's data in plain files on disk one file per user and kind of data",
     ["prosody/util/datamanager.lua", "prosody/modules/mod_storage_internal.lua"], "hard",
     "util.datamanager builds <data>/<host>/<store>/<user>.dat paths (getpath) and writes them atomically; "
     "mod_storage_internal is the storage driver on top of it. Tempting: mod_storage_sql.lua, mod_storage_memory.lua, "
     "mod_storage_xep0227.lua (other drivers), util/serialization.lua (the encoding), core/storagemanager.lua (dispatch)"),
    ("fresh-find-lua-source-checksum", "lua", "download a package's source archive and verify its md5 before building",
     ["luarocks/src/luarocks/fetch.lua"], "hard",
     "fetch.get_sources fetches the rockspec's source URL and checks source.md5 (452-454). Tempting: "
     "luarocks/fs/lua.lua (check_md5, the hash helper it calls), luarocks/download.lua (the download command for "
     "rocks), luarocks/build.lua (a caller), luarocks/fetch/*.lua (git/hg/svn fetchers)"),

    # ------------------------------------------------------------------ go (Go 1.19 subset + libraries)
    ("fresh-find-go-body-limit", "go", "cap how many bytes a handler will read from a request body",
     ["go/src/net/http/request.go"], "hard",
     "MaxBytesReader (1136) and maxBytesReader's Read (MaxBytesError, 'http: request body too large'). Tempting: "
     "server.go (MaxBytesHandler, a wrapper that calls it; globalOptionsHandler), h2_bundle.go (requestBody), "
     "transfer.go (body reading), go-retryablehttp (client side)"),
    ("fresh-find-go-raft-election-timeout", "go", "follower starts an election when it stops hearing from the leader",
     ["github.com/hashicorp/raft/raft.go"], "hard",
     "runFollower (150): on heartbeat timeout ('heartbeat timeout reached, starting election') it becomes a "
     "candidate; runCandidate/electSelf follow. Tempting: raft/config.go (HeartbeatTimeout setting), api.go, "
     "raft_test.go, memberlist's failure detection (state.go)"),
    ("fresh-find-go-preempt-long-running", "go", "interrupt a goroutine that has run too long so others get the processor",
     ["go/src/runtime/proc.go", "go/src/runtime/preempt.go"], "hard",
     "sysmon calls retake (5291), which preemptone()s Ps running the same G for over 10 ms; preempt.go implements "
     "suspendG and async preemption. Tempting: runtime/signal_unix.go (preemptM's signal), runtime/stack.go "
     "(the stack-guard check that a preempt request trips), runtime/mgc.go, sync/ (locks)"),
    ("fresh-find-go-suspicion-confirmations", "go", "declare a member dead sooner as more peers independently confirm it is unreachable",
     ["github.com/hashicorp/memberlist/suspicion.go"], "hard",
     "suspicion: 'accelerate the timeout as we get more independent confirmations' (n, k, min, max; Confirm). "
     "Tempting: memberlist/state.go (suspectNode creates it), awareness.go (scales timeouts by local health), "
     "config.go (SuspicionMult), raft (not membership)"),
    ("fresh-find-go-gossip-retransmit", "go", "queue outgoing gossip messages and retransmit each one a limited number of times",
     ["github.com/hashicorp/memberlist/queue.go"], "hard",
     "TransmitLimitedQueue (14) and GetBroadcasts (288) with the retransmit limit (RetransmitMult). Tempting: "
     "memberlist/broadcast.go (the message types queued), state.go (gossip loop calls it), net.go, delegate.go"),
]

TRACE += [
    ("fresh-trace-rustc-comes-rust-backtrace", "rustc", ["subject:RUST_BACKTRACE", "relation:comes_from"],
     {"library/std/src/panic.rs": [(303, 303, 'crate::env::var_os("RUST_BACKTRACE")')],
      "library/std/src/backtrace.rs": [(266, 266, 'env::var("RUST_BACKTRACE")')],
      "compiler/rustc_driver/src/lib.rs": [(1212, 1212, 'env::var_os("RUST_BACKTRACE")'), (1237, 1237, 'std::env::var("RUST_BACKTRACE")')],
      "src/bootstrap/bin/rustc.rs": [(76, 76, 'env::var("RUST_BACKTRACE")')],
      "src/tools/clippy/src/driver.rs": [(201, 201, 'env::var_os("RUST_BACKTRACE")')],
      "vendor/anyhow-1.0.69/src/backtrace.rs": [(192, 192, 'env::var_os("RUST_BACKTRACE")')],
      "vendor/error-chain-0.12.4/src/backtrace.rs": [(40, 40, 'env::var_os("RUST_BACKTRACE")')],
      "vendor/snafu-0.7.1/src/lib.rs": [(1154, 1154, 'env::var_os("RUST_BACKTRACE")')],
      "vendor/exitfailure-0.5.1/src/lib.rs": [(68, 68, 'std::env::var("RUST_BACKTRACE")')],
      "vendor/trust-dns-proto-0.22.0/src/error.rs": [(40, 40, 'env::var("RUST_BACKTRACE")')]},
     "medium", "every read of the variable (env::var/var_os); std's get_backtrace_style (panic.rs) and Backtrace::enabled "
               "are the core ones. 174 files mention RUST_BACKTRACE: UI tests' exec-env headers, set_var in tests "
               "(portable-atomic's helper sets and restores it), the books and man pages; those are not reads"),
    ("fresh-trace-rustc-called-merge-sort", "rustc", ["subject:merge_sort", "relation:called_from"],
     {"library/alloc/src/slice.rs": [(278, 278, "merge_sort(self, |a, b| a.lt(b));"),
                                     (334, 334, "merge_sort(self, |a, b| compare(a, b) == Less);"),
                                     (377, 377, "merge_sort(self, |a, b| f(a).lt(&f(b)));")]},
     "medium", "slice::sort, sort_by and sort_by_key; rayon's parallel sort calls its own par_mergesort (another name); "
               "the definition at 1081 is not a call"),
    ("fresh-trace-juce-called-update-matched-pairs", "juce", ["subject:updateMatchedPairs", "relation:called_from"],
     {"modules/juce_audio_basics/midi/juce_MidiFile.cpp": [(424, 424, "sequence.updateMatchedPairs();")],
      "modules/juce_audio_basics/midi/juce_MidiMessageSequence.cpp": [(501, 501, "s.updateMatchedPairs();"),
                                                                      (526, 526, "s.updateMatchedPairs();")]},
     "medium", "MidiFile's reader (424) is the production caller; the two calls in MidiMessageSequence.cpp's unit test "
               "are calls too; the header's doc comments only name it"),
    ("fresh-trace-juce-defined-lookandfeel-v4", "juce", ["subject:LookAndFeel_V4", "relation:defined"],
     {"modules/juce_gui_basics/lookandfeel/juce_LookAndFeel_V4.h": [(36, 36, "class JUCE_API  LookAndFeel_V4")]},
     "hard", "the class head in the header of a class-heavy module; the .cpp holds only out-of-class member bodies "
             "(LookAndFeel_V4::drawButtonBackground, ...), not the definition of the class"),
    ("fresh-trace-lua-defined-check-md5", "lua", ["subject:check_md5", "relation:defined"],
     {"luarocks/src/luarocks/fs/lua.lua": [(147, 147, "function fs_lua.check_md5(file, md5sum)")]},
     "medium", "a function defined on a module table (function fs_lua.check_md5); fetch.lua:453 only calls it as "
               "fs.check_md5"),
    ("fresh-trace-lua-called-save-from-table", "lua", ["subject:save_from_table", "relation:called_from"],
     {"luarocks/src/luarocks/manif/writer.lua": [(251, 251, "persist.save_from_table(")],
      "luarocks/src/luarocks/cmd/config.lua": [(213, 213, "persist.save_from_table(")],
      "luarocks/src/luarocks/cmd/new_version.lua": [(216, 216, "persist.save_from_table(")],
      "luarocks/src/luarocks/cmd/init.lua": [(125, 125, "persist.save_from_table(")],
      "luarocks/src/luarocks/cmd/write_rockspec.lua": [(399, 399, "persist.save_from_table(")],
      "luarocks/src/luarocks/upload/api.lua": [(43, 43, "persist.save_from_table(")]},
     "medium", "the six callers; persist.lua:190 is the definition (its neighbour save_from_table_to_string is another name)"),
    ("fresh-trace-go-called-max-bytes-reader", "go", ["subject:MaxBytesReader", "relation:called_from"],
     {"go/src/net/http/server.go": [(3525, 3525, "MaxBytesReader(w, r.Body, 4<<10)"), (3652, 3652, "MaxBytesReader(w, r.Body, n)")],
      "go/src/net/http/request_test.go": [(862, 862, "MaxBytesReader("), (904, 904, "MaxBytesReader("), (983, 983, "MaxBytesReader(")],
      "go/src/net/http/serve_test.go": [(3030, 3030, "MaxBytesReader(w, r.Body, limit)")]},
     "medium", "globalOptionsHandler.ServeHTTP (3525) and MaxBytesHandler (3652) are the production callers; the tests' "
               "calls in request_test.go and serve_test.go are calls too (accepted); request.go:1136 is the definition"),
    ("fresh-trace-go-called-retake", "go", ["subject:retake", "relation:called_from"],
     {"go/src/runtime/proc.go": [(5258, 5258, "if retake(now) != 0 {")]},
     "medium", "sysmon's loop ('retake P's blocked in syscalls and preempt long running G's'); the definition is at 5291"),
]

FIND += [
    # ------------------------------------------------------------------ gopath (Go 1.19 GOROOT + 1,924 golang-*-dev, ~110,000 files)
    ("fresh-find-gopath-bounds-check-elim", "gopath", "compiler pass that drops slice index checks which can never fail",
     ["go/src/cmd/compile/internal/ssa/prove.go", "go/src/cmd/compile/internal/ssa/loopbce.go"], "hard",
     "prove.go's fact table removes OpIsInBounds/OpIsSliceInBounds it can prove; loopbce.go finds induction variables "
     "for it. Tempting: go/test/prove.go, go/test/loopbce.go, go/test/checkbce.go (tests named after the pass), "
     "cmd/compile/internal/ssagen/ssa.go (emits the checks), ssa/rewrite*.go, gvisor's and ugorji's comments on "
     "'bounds check' in hand-optimised code"),
    ("fresh-find-gopath-stack-or-heap", "gopath", "decide whether a local variable can stay on the stack or must be moved to the heap",
     ["go/src/cmd/compile/internal/escape/escape.go", "go/src/cmd/compile/internal/escape/solve.go",
      "go/src/cmd/compile/internal/escape/graph.go", "go/src/cmd/compile/internal/escape/leaks.go",
      "go/src/cmd/compile/internal/escape/expr.go", "go/src/cmd/compile/internal/escape/assign.go",
      "go/src/cmd/compile/internal/escape/call.go", "go/src/cmd/compile/internal/escape/stmt.go",
      "go/src/cmd/compile/internal/escape/utils.go"], "hard",
     "the compiler's escape analysis (package escape: the location graph, solve's walkAll/outlives, HeapAddr "
     "decisions); no query word is in the path. Tempting: go/test/escape*.go (dozens of tests), "
     "cmd/compile/internal/ir (the Esc flags), runtime/stack.go and runtime/malloc.go (the stack and heap themselves), "
     "x/tools's analysis passes"),
    ("fresh-find-gopath-linker-dead-code", "gopath", "linker step that drops functions and methods no code can reach",
     ["go/src/cmd/link/internal/ld/deadcode.go", "gopath/src/github.com/evanw/esbuild/internal/linker/linker.go"], "hard",
     "deadcode marks reachable symbols from the entry points, with the reflect-method and interface rules (332). "
     "esbuild's linker.go (treeShakingAndCodeSplitting, markFileLiveForTreeShaking: a bundler's link step that drops "
     "unreachable JavaScript) was added after the baseline run returned it: the query does not say which language. "
     "Tempting: cmd/compile/internal/ssa/deadcode.go (the compiler's dead-value pass), honnef.co/go/tools/unused "
     "(a linter that reports unused code), cmd/link/internal/ld/main.go (calls it), cmd/compile/internal/deadcode"),
    ("fresh-find-gopath-minimal-version-selection", "gopath", "pick each required module version as the highest minimum that any dependency asks for",
     ["go/src/cmd/go/internal/mvs/mvs.go"], "hard",
     "'Package mvs implements Minimal Version Selection' (BuildList, Req, Upgrade); the name is the acronym. Tempting: "
     "cmd/go/internal/modload/buildlist.go (calls mvs), mvs_test.go, golang.org/x/mod/semver and "
     "github.com/Masterminds/semver (compare versions only), cmd/go/internal/modfetch"),
    ("fresh-find-gopath-write-barrier-buffer", "gopath", "per processor buffer of pointer writes that the garbage collector drains later",
     ["go/src/runtime/mwbbuf.go"], "hard",
     "'This implements the write barrier buffer' (wbBuf, wbBufFlush). Tempting: runtime/mbarrier.go (the barrier's "
     "algorithm, not the buffer), runtime/asm_amd64.s (gcWriteBarrier's fast path), runtime/mgcmark.go, "
     "runtime/mcache.go (another per-P cache)"),
    ("fresh-find-gopath-cron-next", "gopath", "work out the next time a schedule such as every five minutes on weekdays will fire",
     ["gopath/src/github.com/robfig/cron/spec.go", "gopath/src/github.com/gorhill/cronexpr/cronexpr.go",
      "gopath/src/github.com/gorhill/cronexpr/cronexpr_next.go", "gopath/src/github.com/dsnet/golib/cron/cron.go",
      "gopath/src/github.com/go-co-op/gocron/scheduler.go"], "hard",
     "four schedulers: robfig/cron's SpecSchedule.Next (58), gorhill/cronexpr's Expression.Next (157) with its "
     "nextYear/nextMonth/... helpers, dsnet/golib's cron Schedule.NextAfter (131) and go-co-op/gocron's "
     "scheduleNextRun/durationToNextRun/calculateWeekday (the last two added after the baseline run returned them, "
     "read in the code). Tempting: robfig/cron/parser.go (parses the spec), cron.go (the runner), "
     "constantdelay.go (Every), github.com/viant/toolbox/time_helper.go, time/ in GOROOT"),
    ("fresh-find-gopath-inotify-watch", "gopath", "watch a directory and get notified when files in it are created or changed on linux",
     ["gopath/src/github.com/fsnotify/fsnotify/backend_inotify.go", "gopath/src/github.com/rjeczalik/notify/watcher_inotify.go",
      "gopath/src/github.com/syncthing/notify/watcher_inotify.go", "gopath/src/k8s.io/utils/inotify/inotify_linux.go",
      "gopath/src/github.com/nxadm/tail/watch/inotify.go", "gopath/src/github.com/nxadm/tail/watch/inotify_tracker.go"], "medium",
     "user-space watchers over inotify: fsnotify's backend, rjeczalik/notify (and syncthing's fork of it), "
     "k8s.io/utils/inotify, nxadm/tail's watcher. Tempting: gVisor's pkg/sentry/vfs/inotify.go and "
     "syscalls/linux/sys_inotify.go (the kernel side, emulated for a sandbox), pkg/abi/linux/inotify.go (constants), "
     "golang.org/x/sys/unix (the raw syscalls), fsnotify's backend_kqueue.go/backend_windows.go (other systems)"),
    ("fresh-find-gopath-tls-resumption", "gopath", "resume an earlier tls session from a ticket the server issued",
     ["go/src/crypto/tls/ticket.go", "go/src/crypto/tls/handshake_server.go", "go/src/crypto/tls/handshake_client.go",
      "go/src/crypto/tls/handshake_client_tls13.go", "go/src/crypto/tls/handshake_server_tls13.go"], "hard",
     "the standard library's crypto/tls: encryptTicket/decryptTicket (ticket.go), checkForResumption (server), "
     "loadSession (client) and the TLS 1.3 PSK paths. Three copies of the package compete word for word: "
     "refraction-networking/utls and marten-seemann/qtls-go1-19 (forks) and cloudflare/cfssl/scan/vendor/crypto/tls "
     "(a vendored old copy); they are not accepted: the original outranks its copies"),
    ("fresh-find-gopath-build-constraints", "gopath", "decide whether a source file is included for the target operating system and architecture from its name and tags",
     ["go/src/go/build/build.go", "go/src/go/build/constraint/expr.go", "go/src/cmd/go/internal/imports/build.go",
      "go/src/cmd/go/internal/modindex/build.go"], "medium",
     "go/build's goodOSArchFile (1961), shouldBuild (1535) and matchTag; constraint/expr.go parses //go:build lines; "
     "cmd/go/internal/imports/build.go and modindex/build.go ('a lightly modified copy of go/build/build.go', "
     "goodOSArchFile at 989; added after the baseline run returned it) are the go command's own copies. Tempting: x/tools's go/buildutil (tags flag), "
     "cmd/dist/build.go (the bootstrap's own matcher), go/build/syslist.go (the lists only)"),
    ("fresh-find-gopath-sandbox-syscall-table", "gopath", "table mapping system call numbers to their implementations in a user space kernel sandbox",
     ["gopath/src/gvisor.dev/gvisor/pkg/sentry/syscalls/linux/linux64.go"], "medium",
     "gVisor's AMD64/ARM64 kernel.SyscallTable (41) maps each number to its sys_* handler. Tempting: "
     "go/src/syscall/zsysnum_linux_amd64.go and golang.org/x/sys/unix/zsysnum_linux_*.go (numbers only), "
     "gvisor's pkg/sentry/kernel/syscalls.go (the table type), pkg/abi/linux, seccomp filters"),
]

TRACE += [
    ("fresh-trace-gopath-comes-goflags", "gopath", ["subject:GOFLAGS", "relation:comes_from"],
     {"go/src/cmd/go/internal/base/goflags.go": [(33, 33, 'cfg.Getenv("GOFLAGS")')],
      "go/src/cmd/go/internal/envcmd/env.go": [(85, 85, 'cfg.Getenv("GOFLAGS")')],
      "go/src/cmd/doc/dirs.go": [(270, 270, '"env", "GOFLAGS"')],
      "gopath/src/golang.org/x/tools/internal/gocommand/vendor.go": [(49, 49, 'inv.Args = []string{"GOFLAGS"}')],
      "go/src/cmd/internal/moddeps/moddeps_test.go": [(146, 146, 'os.Getenv("GOFLAGS")')]},
     "hard", "the go command reads it through its own cfg.Getenv (goflags.go is the parser; env.go prints it); cmd/doc and "
             "x/tools ask 'go env GOFLAGS'; the test copies it. cmd/dist's setEnv/Unsetenv and the tests' "
             "\"GOFLAGS=...\" environments only set it"),
    ("fresh-trace-gopath-called-deadcode", "gopath", ["subject:deadcode", "relation:called_from"],
     {"go/src/cmd/link/internal/ld/main.go": [(269, 269, "deadcode(ctxt)")],
      "go/src/cmd/compile/internal/ssa/compile.go": [(463, 463, "fn: deadcode"), (466, 466, "fn: deadcode"),
                                                    (469, 469, "fn: deadcode"), (472, 472, "fn: deadcode"),
                                                    (481, 481, "fn: deadcode"), (491, 491, "fn: deadcode"),
                                                    (495, 495, "fn: deadcode"), (500, 500, "fn: deadcode")],
      "go/src/cmd/compile/internal/ssa/nilcheck_test.go": [(91, 91, "deadcode(fun.f)")],
      "go/src/cmd/compile/internal/ssa/cse_test.go": [(55, 55, "deadcode(fun.f)")],
      "go/src/cmd/compile/internal/ssa/passbm_test.go": [(30, 30, "deadcode(f)")]},
     "hard", "two functions share the name: the linker's deadcode, called once from ld's Main (269), and the SSA pass, "
             "run through the compiler's pass table (compile.go's {name: ..., fn: deadcode} entries) and called directly "
             "by SSA tests. x/tools' guru and pointer testdata define unrelated deadcode functions; the definitions "
             "(deadcode.go:332, ssa/deadcode.go:171) are not calls"),
    ("fresh-trace-gopath-defined-limiter", "gopath", ["subject:Limiter", "relation:defined", "path:gopath/src/golang.org/x/time"],
     {"gopath/src/golang.org/x/time/rate/rate.go": [(55, 55, "type Limiter struct {")]},
     "medium", "x/time/rate's token-bucket Limiter; rate_test.go and sometimes.go only use it"),
    ("fresh-trace-gopath-comes-godebug-runtime", "gopath", ["subject:GODEBUG", "relation:comes_from", "path:go/src/runtime"],
     {"go/src/runtime/runtime1.go": [(375, 375, 'gogetenv("GODEBUG")')],
      "go/src/runtime/proc.go": [(606, 606, 'const prefix = "GODEBUG="'), (625, 626, "env = gostring(p)[len(prefix):]")]},
     "hard", "the runtime cannot call os.Getenv: parsedebugvars reads it with gogetenv (375), and cpuinit scans argv's "
             "environment block for the GODEBUG= prefix before the environment is set up (606-626). extern.go's doc "
             "comment and the comments of mstats.go and proc.go's schedtrace only mention it"),
]

FIND += [
    # ------------------------------------------------------------------ ocaml (the OCaml 4.13.1 compiler tree; a language not covered before)
    ("fresh-find-ocaml-exhaustiveness", "ocaml", "warn when a match does not cover every case or has a case that can never be used",
     ["typing/parmatch.ml"], "hard",
     "'Detection of partial matches and unused match cases' (check_partial, check_unused); no query word is in the path. "
     "Tempting: lambda/matching.ml (compiles matches, does not warn), typing/typecore.ml (calls parmatch), "
     "utils/warnings.ml (the warning numbers), testsuite/tests/basic/patmatch*.ml and typing-warnings tests"),
    ("fresh-find-ocaml-match-compilation", "ocaml", "compile pattern matching into efficient tests and jumps",
     ["lambda/matching.ml"], "hard",
     "'Compilation of pattern matching' (the matrix-based compiler of Le Fessant and Maranget). Tempting: "
     "typing/parmatch.ml (exhaustiveness only), lambda/switch.ml (the low-level switch it emits), "
     "asmcomp/strmatch.ml (string matching in the back-end), bytecomp/ and testsuite's patmatch tests"),
    ("fresh-find-ocaml-graph-coloring", "ocaml", "assign machine registers by colouring the graph of variables that are live at the same time",
     ["asmcomp/coloring.ml", "asmcomp/interf.ml"], "hard",
     "coloring.ml 'Register allocation by coloring of the interference graph' and interf.ml 'Construction of the "
     "interference graph'. Tempting: asmcomp/linscan.ml (the linear-scan allocator, the other algorithm), "
     "asmcomp/liveness.ml (computes liveness), spill.ml/split.ml/reloadgen.ml (around allocation), asmcomp/reg.ml"),
    ("fresh-find-ocaml-major-heap", "ocaml", "incremental collector that marks and sweeps the old generation a slice at a time",
     ["runtime/major_gc.c", "runtime/caml/major_gc.h"], "hard",
     "major_gc.c: the mark stack, caml_gc_phase (Phase_mark, Phase_clean, Phase_sweep), caml_major_collection_slice. "
     "Tempting: stdlib/gc.ml and gc.mli (the OCaml interface that only calls it: another language's side), "
     "runtime/minor_gc.c (the young generation), runtime/compact.c, runtime/memory.c, runtime/freelist.c"),
    ("fresh-find-ocaml-minor-promotion", "ocaml", "copy surviving young objects out of the nursery into the old generation",
     ["runtime/minor_gc.c", "runtime/caml/minor_gc.h"], "hard",
     "caml_oldify_one/caml_oldify_mopup promote live values of the minor heap (caml_empty_minor_heap). Tempting: "
     "runtime/major_gc.c (the old generation), stdlib/gc.ml (minor/compact wrappers), runtime/memory.c "
     "(caml_alloc_shr), runtime/weak.c (calls caml_minor_collection)"),
    ("fresh-find-ocaml-pretty-boxes", "ocaml", "pretty printing with nested boxes and break hints that fit text within a right margin",
     ["stdlib/format.ml", "stdlib/format.mli"], "hard",
     "Format: 'A pretty-printing facility' (pp_open_box, pp_print_break, the margin and the scan stack); format.mli is "
     "its documented interface (accepted after the baseline run, as a header is). Tempting: "
     "stdlib/printf.ml and camlinternalFormat.ml (format strings, no boxes), parsing/pprintast.ml and "
     "typing/printtyp.ml (users that print with it), ocamldoc's generators"),
    ("fresh-find-ocaml-source-lexer", "ocaml", "turn OCaml source text into tokens for the parser including string escapes and comments",
     ["parsing/lexer.mll"], "hard",
     "'The lexer definition' in ocamllex syntax (token rules, char/string escapes, nested comments). Tempting: "
     "lex/lexer.mll (the lexer of ocamllex's own .mll input), lex/lexgen.ml (the generator), runtime/lexing.c and "
     "stdlib/lexing.ml (the engine the generated lexer runs on), boot/ (a compiled copy), parsing/parser.mly"),
]

TRACE += [
    ("fresh-trace-ocaml-comes-ocamlrunparam", "ocaml", ["subject:OCAMLRUNPARAM", "relation:comes_from"],
     {"runtime/startup_aux.c": [(105, 105, 'caml_secure_getenv (T("OCAMLRUNPARAM"))')],
      "stdlib/hashtbl.ml": [(51, 51, 'Sys.getenv "OCAMLRUNPARAM"')],
      "ocamltest/ocaml_actions.ml": [(1105, 1105, 'Sys.safe_getenv "OCAMLRUNPARAM"')]},
     "hard", "read in two languages: the C runtime's caml_parse_ocamlrunparam through caml_secure_getenv (105), the "
             "stdlib's Hashtbl for its R flag (Sys.getenv, 51) and ocamltest (Sys.safe_getenv). The man page, the "
             ".mli doc comments, appveyor.yml and the CI scripts only set or describe it"),
    ("fresh-trace-ocaml-comes-ocamlparam", "ocaml", ["subject:OCAMLPARAM", "relation:comes_from"],
     {"driver/compenv.ml": [(489, 489, 'Sys.getenv "OCAMLPARAM"')]},
     "medium", "read_OCAMLPARAM (487); the other mentions in compenv.ml (115, 184) name it in error messages"),
    ("fresh-trace-ocaml-defined-type-expect", "ocaml", ["subject:type_expect", "relation:defined"],
     {"typing/typecore.ml": [(2767, 2767, "and type_expect ?in_function ?recarg env sexp ty_expected_explained =")]},
     "hard", "defined with 'and' inside the let rec chain that starts at type_exp (2757); type_expect_ (2779) is "
             "another name; typecore.mli declares it (val type_expect), accepted only as a second region"),
    ("fresh-trace-ocaml-called-minor-collection", "ocaml", ["subject:caml_minor_collection", "relation:called_from"],
     {"runtime/array.c": [(243, 243, "caml_minor_collection ();")],
      "runtime/weak.c": [(426, 426, "caml_minor_collection ();"), (483, 483, "caml_minor_collection ();")],
      "runtime/custom.c": [(67, 67, "caml_minor_collection ();")]},
     "medium", "the C callers in the runtime; minor_gc.c:565 is the definition and caml/minor_gc.h:66 the declaration"),
]

FIND += [
    # ------------------------------------------------------------------ more c and java (written after the first baseline run, before any tool ran on them)
    ("fresh-find-c-inode-flusher", "c", "background threads that flush dirty inodes of a disk to storage periodically",
     ["fs/fs-writeback.c"], "hard",
     "'writing back and waiting upon dirty inodes against superblocks' (wb_workfn 2319, wb_writeback 2102, "
     "wb_check_old_data_flush); no query word is in the path. Tempting: mm/page-writeback.c (dirty limits and "
     "throttling of writers), mm/backing-dev.c (sets the bdi_writeback up), fs/sync.c (sync(2)), fs/inode.c, "
     "fs/xfs and fs/ext4's own writeback paths"),
    ("fresh-find-c-path-walk", "c", "resolve a file path name one component at a time following symlinks and mount points",
     ["fs/namei.c"], "hard",
     "link_path_walk (2251), walk_component, step_into/pick_link and the mount crossing of traverse_mounts/"
     "handle_mounts. Tempting: fs/dcache.c (d_lookup, the cache it consults), fs/namespace.c (mounts), "
     "fs/open.c (callers), fs/d_path.c (the reverse direction), fs/smb/client/ (a comment names namei.c)"),
    ("fresh-find-c-arp", "c", "map ipv4 addresses to hardware addresses of hosts on the local network",
     ["net/ipv4/arp.c", "net/core/neighbour.c"], "hard",
     "arp.c: 'implements the Address Resolution Protocol ARP (RFC 826)' (arp_solicit, arp_process); neighbour.c is "
     "the 'Generic address resolution entity' it plugs into (neigh_lookup, timers). The file name is the acronym. "
     "Tempting: net/ipv6/ndisc.c (IPv6 neighbour discovery), drivers/net/ethernet/* (arp offload), "
     "include/uapi/linux/if_arp.h (constants), net/bridge/br_arp_nd_proxy.c (the bridge's proxy)"),
    ("fresh-find-java-node-bitmap-cache", "java", "render a node once into an offscreen image and reuse it while the node only moves or scales",
     ["javafx.graphics/com/sun/javafx/sg/prism/CacheFilter.java"], "hard",
     "'Base implementation of the Node.cache and cacheHint APIs': CacheFilter renders the node to a cached image and "
     "reuses it under translate/scale/rotate hints. Tempting: javafx/scene/Node.java (the cache and cacheHint "
     "properties), javafx/scene/CacheHint.java (the enum), NGNode.java (creates the filter), the effect filters in "
     "com/sun/scenario/effect"),
]

TRACE += [
    ("fresh-trace-c-called-link-path-walk", "c", ["subject:link_path_walk", "relation:called_from"],
     {"fs/namei.c": [(2486, 2486, "link_path_walk(s, nd)"), (2534, 2534, "link_path_walk(s, nd)"),
                     (3834, 3834, "link_path_walk(s, nd)")]},
     "medium", "path_lookupat (2486), path_parentat (2534) and path_openat (3834); the cifs comment in "
               "fs/smb/client/cifs_unicode.c only names it; the definition is at 2251"),
    ("fresh-trace-java-comes-animation-pulse", "java", ["subject:javafx.animation.pulse", "relation:comes_from"],
     {"javafx.graphics/com/sun/javafx/tk/quantum/QuantumToolkit.java": [(161, 161, 'Integer.getInteger("javafx.animation.pulse")')],
      "javafx.graphics/com/sun/scenario/animation/AbstractPrimaryTimer.java": [(52, 52, 'PULSE_PROP = "javafx.animation.pulse"'),
                                                                              (113, 113, "Settings.getInt(PULSE_PROP, -1)")],
      "javafx.graphics/com/sun/javafx/tk/quantum/PrimaryTimer.java": [(87, 88, "Settings.get(PULSE_PROP)")]},
     "hard", "a system property read in two idioms: QuantumToolkit's Integer.getInteger with the literal name (161), "
             "and the primary timers' Settings.getInt/get through the PULSE_PROP constant (named at 52, read at "
             "113 and in the quantum subclass at 87-88)"),
]

CORPORA = dict(_base.CORPORA)
CORPORA["gopath"] = (
    "Debian bookworm golang-1.19-src 1.19.8-2 (Go's whole GOROOT: api, misc, src with cmd/, test) as go/ and the 1,924 "
    "golang-*-dev packages of eval/pins/gopath.txt (Debian's /usr/share/gocode/src) as gopath/src/<import path>; "
    "110,902 files (110,702 that rg lists)")
CORPORA["ocaml"] = (
    "Debian bookworm ocaml-source 4.13.1-4: the OCaml 4.13.1 compiler's upstream source tree (the tarball inside the "
    "package; Debian's patches left out); 3,700 files")
