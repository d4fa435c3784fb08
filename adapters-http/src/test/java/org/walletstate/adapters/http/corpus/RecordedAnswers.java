package org.walletstate.adapters.http.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The recorded answers under {@code src/test/resources/corpus/answers/<feature>/<name>.txt}: with
 * {@code -Dcorpus.record=true} an answer is written there; otherwise it must equal the recorded
 * text byte for byte, and a difference fails naming the request, the file and where the texts part.
 */
final class RecordedAnswers {

  static final Path ROOT = Path.of("src", "test", "resources", "corpus", "answers");
  private static final int CONTEXT = 160;

  private RecordedAnswers() {}

  static boolean recording() {
    return Boolean.getBoolean("corpus.record");
  }

  static void check(String feature, CorpusRequest request, String answer) {
    Path file = ROOT.resolve(feature).resolve(request.name() + ".txt");
    try {
      if (recording()) {
        Files.createDirectories(file.getParent());
        Files.writeString(file, answer, StandardCharsets.UTF_8);
        return;
      }
      if (!Files.exists(file)) {
        throw new AssertionError(
            request + ": no recorded answer " + file + " (record with -Dcorpus.record=true)");
      }
      String recorded = Files.readString(file, StandardCharsets.UTF_8);
      if (!recorded.equals(answer)) {
        throw new AssertionError(difference(request, file, recorded, answer));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Where {@code recorded} and {@code actual} part: line, column and the text around it. */
  static String difference(CorpusRequest request, Path file, String recorded, String actual) {
    int at = 0;
    while (at < recorded.length()
        && at < actual.length()
        && recorded.charAt(at) == actual.charAt(at)) {
      at++;
    }
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < at; i++) {
      if (recorded.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return "the answer to "
        + request
        + " is not the recorded one ("
        + file
        + "): they part at line "
        + line
        + ", column "
        + (at - lineStart + 1)
        + "\n  recorded: …"
        + around(recorded, at)
        + "…\n  now:      …"
        + around(actual, at)
        + "…\nRe-record only for a deliberate, documented change of behaviour (docs/testing.md).";
  }

  private static String around(String text, int at) {
    int from = Math.max(0, at - CONTEXT / 2);
    int to = Math.min(text.length(), at + CONTEXT);
    return text.substring(from, to).replace("\n", "⏎");
  }
}
