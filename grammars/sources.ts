// Where a value comes from outside the program: each language's idioms for reading an
// environment variable or a configuration key (src/classify/lexical.ts reads them; trace's
// comes_from weighs such a read as the value's source). Data, like the role rules beside it:
// a language's row says which file names it covers and, as regex sources,
// - `keyed`: the text just before the name when it is passed as a quoted key
//   (`os.Getenv(` before `"HOME"`, `$_SERVER[` before `'HOME'`); an argument may come first
//   (`config.get(section, "key")`), and the string may be a wide or wrapped literal (`L"HOME"`,
//   `_T("HOME")`, `b"HOME"`: src/classify/lexical.ts allows those for every row);
// - `named`: the text just before the name when it is written bare (`process.env.` before `PORT`);
// - `reads`: names (regex alternatives, whole words) whose call or use on an assignment's right-hand
//   side reads a value from outside (`order = props.getProperty("prism.order")`): trace's one
//   step back of data flow (src/investigate/flow.ts) counts that assignment as the value's source.
// - `sets`: the text just before the quoted name when the line sets the variable in the environment of
//   the process or of a child it starts (`env::set_var(`, `cmd.env(`, `setenv(`): not where a value is
//   read, so comes_from ranks the read above it (populated still counts it as a write);
// - `setsCommand`: the text just after a bare name (`NAME=1 ./run`) whose assignment only prefixes a
//   command: the variable is set for that command (a shell's idiom).
// The `any` row holds lookups every language writes the same way (config/settings/flag objects,
// argument parsers); it applies to every file, with the file's own row when it has one.

export interface SourceIdioms {
  /** File extensions (lower case, no dot) of the language; none for the `any` row. */
  ext: string[];
  keyed: string[];
  named: string[];
  reads?: string[];
  sets?: string[];
  setsCommand?: string;
}

export const SOURCE_IDIOMS: Record<string, SourceIdioms> = {
  any: {
    ext: [],
    keyed: [
      // A project's own wrapper of getenv keeps the name at its end (caml_secure_getenv, SDL_getenv, _wgetenv).
      String.raw`\b\w*getenv\s*\(`,
      String.raw`\b(?:Getenv|LookupEnv|getEnvVar\w*|env|var|var_os|environ(?:\.get)?|get_env|getattr|fetch|lookup)\s*\(`,
      // The whole environment as a map, then one key: System.getenv()["X"], System.getenv().get("X").
      String.raw`\b(?:getenv|environ|env)\s*\(\s*\)\s*(?:\[|\.\s*get\w*\s*\()`,
      String.raw`\b(?:config|settings|options|opts|conf|cfg|props|properties|prefs|preferences)\s*\(`,
      String.raw`\b(?:environ|env|ENV|config|settings|options|conf|cfg)\s*\[`,
      String.raw`\b(?:viper\.Get\w*|flags?\.\w+|add_argument|option|Option|argument|getopt\w*|getProperty|getSetting|getConfig\w*)\s*\(`,
      String.raw`\bget(?:_?(?:str|int|bool|boolean|float|double|long|string|value|option|setting|config|property)|OrElse|OrDefault)?\s*\(`,
      // Typed and named getters of an options object: get_option_boolean(, getConfigValue(, getSettingString(.
      String.raw`\bget_?(?:option|setting|config|property|pref)\w*\s*\(`,
    ],
    named: [String.raw`\b(?:process\.env|os\.environ|import\.meta\.env|ENV|env)\s*(?:\.|\?\.)`],
    sets: [String.raw`\b(?:set_var|remove_var|setenv|unsetenv|putenv|Setenv|Unsetenv|SetEnvironmentVariable|setEnvironmentVariable)\s*\(`],
    reads: [
      "getenv", "Getenv", "environ", "ENV", "env", "getConfig", "config", "settings", "options", "argv", "args",
      String.raw`getopt\w*`, String.raw`parse\w*`, String.raw`read\w*`, String.raw`load\w*`, String.raw`fetch\w*`, "open",
      String.raw`get_?(?:str|int|bool|value|option|setting|config)`,
    ],
  },
  python: {
    ext: ["py", "pyi", "pyw"],
    keyed: [String.raw`\bos\.(?:environb?|environ\.get|environ\.setdefault|getenv|getenvb)\s*[([]`, String.raw`\benviron(?:\.get)?\s*[([]`],
    named: [],
  },
  go: {
    ext: ["go"],
    // gogetenv is the runtime's own reader (package os is not available there).
    keyed: [String.raw`\b(?:os\.(?:Getenv|LookupEnv|ExpandEnv)|syscall\.Getenv|gogetenv|envOr)\s*\(`],
    named: [],
  },
  rust: {
    ext: ["rs"],
    keyed: [String.raw`\b(?:std::)?env::(?:var|var_os)\s*\(`, String.raw`\b(?:option_)?env!\s*\(`],
    named: [],
    // std::process::Command's env/env_remove set the child's environment.
    sets: [String.raw`\.\s*env(?:_remove)?\s*\(`],
  },
  ecmascript: {
    ext: ["js", "jsx", "mjs", "cjs", "ts", "tsx", "mts", "cts", "vue", "svelte"],
    keyed: [String.raw`\bprocess\.env\s*\[`, String.raw`\bDeno\.env\.get\s*\(`, String.raw`\bBun\.env\s*\[`],
    named: [String.raw`\bprocess\.env\s*(?:\.|\?\.)`, String.raw`\bimport\.meta\.env\s*(?:\.|\?\.)`, String.raw`\bBun\.env\s*\.`],
  },
  jvm: {
    ext: ["java", "kt", "kts", "scala", "groovy"],
    keyed: [String.raw`\bSystem\.(?:getenv|getProperty)\s*\(`, String.raw`\b(?:Integer|Long|Boolean)\.(?:getInteger|getLong|getBoolean)\s*\(`],
    named: [],
    reads: ["getProperty", "getString", "getInt", "getBoolean"],
  },
  c: {
    ext: ["c", "h", "cc", "cpp", "cxx", "hpp", "hh", "hxx", "m", "mm"],
    // Windows' GetEnvironmentVariable(W), Qt's qEnvironmentVariable (getenv and its wrappers are in the `any` row).
    keyed: [String.raw`\bGetEnvironmentVariable[AW]?\s*\(`, String.raw`\bqEnvironmentVariable(?:IsSet|IsEmpty)?\s*\(`],
    named: [],
  },
  perl: {
    ext: ["pl", "pm"],
    keyed: [String.raw`\$ENV\s*\{\s*`],
    // `$ENV{"X"}` too: Perl's double quotes interpolate, so the key is read as a string either way.
    named: [String.raw`\$ENV\s*\{\s*"?`],
  },
  cmake: {
    ext: ["cmake"],
    keyed: [],
    named: [String.raw`\$ENV\s*\{`],
  },
  dart: {
    ext: ["dart"],
    keyed: [String.raw`\bPlatform\.environment\s*\[`, String.raw`\b(?:String|bool|int)\.fromEnvironment\s*\(`],
    named: [],
  },
  haskell: {
    // Arguments follow the function after a space: getEnv "HOME".
    ext: ["hs", "lhs"],
    keyed: [String.raw`\b(?:getEnv|lookupEnv|getEnvDefault)\s+`],
    named: [],
  },
  ruby: {
    ext: ["rb", "rake", "gemspec"],
    keyed: [String.raw`\bENV\s*(?:\[|\.fetch\s*\(|\.key\?\s*\(|\.include\?\s*\()`],
    named: [],
  },
  php: {
    ext: ["php", "phtml"],
    keyed: [String.raw`\bgetenv\s*\(`, String.raw`\$_(?:ENV|SERVER)\s*\[`, String.raw`\b(?:ini_get|env|config)\s*\(`],
    named: [],
  },
  csharp: {
    ext: ["cs"],
    keyed: [String.raw`\bEnvironment\.GetEnvironmentVariable\s*\(`, String.raw`\bConfiguration\s*\[`],
    named: [],
    reads: ["GetEnvironmentVariable", "Configuration"],
  },
  ocaml: {
    // Arguments follow the function after a space: Sys.getenv "OCAMLPARAM", Sys.getenv_opt "HOME".
    ext: ["ml", "mli", "mll", "mly"],
    keyed: [String.raw`\bSys\.getenv(?:_opt)?\s+`],
    named: [],
  },
  solidity: {
    // No environment: the row names the language (src/classify/lexical.ts reads its contract heads).
    ext: ["sol"],
    keyed: [],
    named: [],
  },
  shell: {
    ext: ["sh", "bash", "zsh"],
    keyed: [],
    named: [],
    setsCommand: String.raw`^=\S*\s+(?:\\\s*$|[^\s#;|&])`,
  },
  swift: {
    ext: ["swift"],
    keyed: [String.raw`\bProcessInfo\.processInfo\.environment\s*\[`],
    named: [],
    reads: ["environment"],
  },
};
