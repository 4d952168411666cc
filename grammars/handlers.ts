// Handlers written inline: each language's idiom for a value that is an anonymous subclass or
// object whose methods react to events on it (src/investigate/anonymous.ts reads them; trace's
// `handled` counts such a value as the subject's handler). Data, like the role rules and source
// idioms beside it (rows are keyed as in grammars/sources.ts, whose `ext` lists say which files a
// row covers). As regex sources:
// - `opener`: the end of a line whose value opens an anonymous class body
//   (`styleClass = new TrackableObservableList<String>() {`, `val l = object : Listener {`);
// - `method`: a method header inside that body, its name in group 1 (HANDLER_NAME below decides
//   whether the name says the method handles something).

export interface InlineHandlerIdioms {
  opener: string[];
  method: string[];
}

export const INLINE_HANDLER_IDIOMS: Record<string, InlineHandlerIdioms> = {
  jvm: {
    opener: [
      // Java: `= new Type<...>(args) {`
      String.raw`=\s*new\s+[\w.$]+\s*(?:<[^;{}]*>)?\s*\([^;{}]*\)\s*\{\s*$`,
      // Kotlin: `= object : Type(args) {`, `= object : A, B {`
      String.raw`=\s*object\s*:\s*[\w.$<>, ?()]+\{\s*$`,
    ],
    method: [
      // Java: modifiers, a return type, the name, its parameters (not a call statement: a type precedes the name).
      String.raw`^\s*(?:@\w+\s+)*(?:(?:public|protected|private|final|synchronized|static)\s+)*[\w.$<>\[\]?, ]+\s+(\w+)\s*\([^;]*$`,
      // Kotlin: `override fun name(`
      String.raw`^\s*(?:(?:override|public|protected|private|internal|open|final|suspend)\s+)*fun\s+(\w+)\s*\(`,
    ],
  },
};

/**
 * Method names that say the method reacts to something: on*, handle*, changed/*Changed,
 * invalidated, *Performed (actionPerformed). The same in every language that has the idiom.
 */
export const HANDLER_NAME = String.raw`^(?:on[A-Z_]\w*|handle\w*|\w*Changed|changed|invalidated|\w*Performed)$`;
