package org.walletstate.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * A bench's command line of {@code --name value} pairs. A name without a value, or one the bench
 * does not know, is refused: the problem and the bench's usage go to stderr and the JVM exits 2.
 */
final class OptionPairs {

  private OptionPairs() {}

  /**
   * Hands each pair of {@code args} to {@code option}, which keeps the value and answers whether it
   * knows the name.
   */
  static void read(String[] args, String usage, BiPredicate<String, String> option) {
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (i + 1 >= args.length) {
        refuse(name + " needs a value", usage);
      }
      if (!option.test(name, args[++i])) {
        refuse("unknown option " + name, usage);
      }
    }
  }

  /** A comma-separated list, each item trimmed and read by {@code item}. */
  static <T> List<T> list(String value, Function<String, T> item) {
    List<T> items = new ArrayList<>();
    for (String text : value.split(",")) {
      items.add(item.apply(text.trim()));
    }
    return items;
  }

  /** Keeps a {@code key=value} service property in {@code properties}. */
  static void property(Map<String, String> properties, String keyValue) {
    int eq = keyValue.indexOf('=');
    properties.put(keyValue.substring(0, eq), keyValue.substring(eq + 1));
  }

  private static void refuse(String problem, String usage) {
    System.err.println(problem + "\n" + usage);
    System.exit(2);
  }
}
