package org.walletstate.domain.address;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.walletstate.domain.CanonicalText;
import org.walletstate.domain.ValidationException;

/**
 * A Sui coin type, the Move struct type {@code T} of {@code Coin<T>}, used as a Sui {@code
 * contractAddress}: {@code address::module::Name}, optionally with type arguments, as in {@code
 * 0x2::sui::SUI} or {@code 0x...::pool::LP<0x2::sui::SUI,0x...::usdc::USDC>}.
 *
 * <p>Parsing normalizes, so the short and the 64-hex long form of the same type are equal: every
 * address becomes {@code 0x} and 64 lower-case hex digits, type arguments are separated by a bare
 * comma, and no spaces remain. That is Move's canonical type string ({@code to_canonical_string}
 * with the prefix); Sui's GraphQL {@code coinType.repr} also writes addresses long. Module and type
 * names are case-sensitive Move identifiers. Type arguments may be struct types, {@code
 * vector<...>} or the primitive types; spaces are allowed only inside the angle brackets, next to
 * {@code <}, {@code >} or {@code ,}. Addresses must start with {@code 0x}.
 */
public final class SuiCoinType extends CanonicalText {

  private static final int MAX_TEXT = 1024;
  private static final int LONGEST_SHOWN = 100;
  private static final int MAX_DEPTH = 8;
  private static final Set<String> PRIMITIVES =
      Set.of("bool", "u8", "u16", "u32", "u64", "u128", "u256", "address", "signer");
  private static final String EXPECTED =
      "a Sui coin type (address::module::Name, optionally with type arguments)";

  /** SUI itself, {@code 0x2::sui::SUI}. */
  public static final SuiCoinType SUI = of("0x2::sui::SUI");

  private final String entered;
  private final SuiAddress address;
  private final String module;
  private final String name;
  private final List<String> typeArguments;

  private SuiCoinType(
      String entered,
      String canonical,
      SuiAddress address,
      String module,
      String name,
      List<String> typeArguments) {
    super(canonical);
    this.entered = entered;
    this.address = address;
    this.module = module;
    this.name = name;
    this.typeArguments = List.copyOf(typeArguments);
  }

  /**
   * Parses a coin type.
   *
   * @param field the field name used in the message on failure
   */
  public static SuiCoinType parse(String text, String field) {
    if (text == null || text.isEmpty() || text.length() > MAX_TEXT) {
      throw Refusal.of(field, EXPECTED, text, LONGEST_SHOWN, null);
    }
    Reader reader = new Reader(text, field);
    StructTag tag = reader.structTag(0);
    if (reader.position < text.length()) {
      throw reader.refusal("unexpected text");
    }
    return new SuiCoinType(
        text, tag.canonical, tag.address, tag.module, tag.name, tag.typeArguments);
  }

  /** A coin type known to be well formed (constants, values read from a chain). */
  public static SuiCoinType of(String text) {
    return parse(text, "coinType");
  }

  // Accessors written out by design: a CanonicalText, equal by its canonical form only.
  /** The canonical form: long addresses, no spaces. */
  public String text() {
    return canonical;
  }

  /** The text as entered. */
  public String entered() {
    return entered;
  }

  /** The address of the package that defines the type. */
  public SuiAddress address() {
    return address;
  }

  public String module() {
    return module;
  }

  public String name() {
    return name;
  }

  /** The type arguments, each in canonical form. */
  public List<String> typeArguments() {
    return typeArguments;
  }

  /** Whether this is SUI itself. */
  public boolean isSui() {
    return equals(SUI);
  }

  private record StructTag(
      String canonical,
      SuiAddress address,
      String module,
      String name,
      List<String> typeArguments) {}

  /** A recursive-descent reader of Move type tags, building the canonical text as it goes. */
  private static final class Reader {
    private final String text;
    private final String field;
    private int position;

    Reader(String text, String field) {
      this.text = text;
      this.field = field;
    }

    StructTag structTag(int depth) {
      if (!text.startsWith("0x", position)) {
        throw refusal("expected an address starting with 0x");
      }
      int start = position;
      position += 2;
      while (position < text.length() && isHexDigit(text.charAt(position))) {
        position++;
      }
      SuiAddress address;
      try {
        address = SuiAddress.parseNormalizing(text.substring(start, position), field);
      } catch (ValidationException e) {
        position = start;
        throw refusal("expected an address of 1 to 64 hex digits");
      }
      expect("::");
      String module = identifier();
      expect("::");
      String name = identifier();
      List<String> arguments = new ArrayList<>();
      StringBuilder canonical =
          new StringBuilder(address.text()).append("::").append(module).append("::").append(name);
      if (position < text.length() && text.charAt(position) == '<') {
        if (depth >= MAX_DEPTH) {
          throw refusal("type arguments nested more than " + MAX_DEPTH + " deep");
        }
        position++;
        do {
          skipSpaces();
          arguments.add(typeTag(depth + 1));
          skipSpaces();
        } while (accept(','));
        expect(">");
        canonical.append('<').append(String.join(",", arguments)).append('>');
      }
      return new StructTag(canonical.toString(), address, module, name, arguments);
    }

    private String typeTag(int depth) {
      if (text.startsWith("0x", position)) {
        return structTag(depth).canonical;
      }
      int start = position;
      String word = identifier();
      if (PRIMITIVES.contains(word)) {
        return word;
      }
      if (word.equals("vector")) {
        if (depth >= MAX_DEPTH) {
          throw refusal("type arguments nested more than " + MAX_DEPTH + " deep");
        }
        skipSpaces();
        expect("<");
        skipSpaces();
        String element = typeTag(depth + 1);
        skipSpaces();
        expect(">");
        return "vector<" + element + ">";
      }
      position = start;
      throw refusal("expected a type: 0x..., vector<...> or a primitive type");
    }

    private String identifier() {
      int start = position;
      while (position < text.length() && isIdentifierPart(text.charAt(position))) {
        position++;
      }
      String word = text.substring(start, position);
      boolean valid =
          !word.isEmpty()
              && (isLetter(word.charAt(0)) || (word.charAt(0) == '_' && word.length() > 1));
      if (!valid) {
        position = start;
        throw refusal("expected a Move identifier");
      }
      return word;
    }

    private void expect(String token) {
      if (!text.startsWith(token, position)) {
        throw refusal("expected " + token);
      }
      position += token.length();
    }

    private boolean accept(char ch) {
      if (position < text.length() && text.charAt(position) == ch) {
        position++;
        return true;
      }
      return false;
    }

    private void skipSpaces() {
      while (position < text.length() && text.charAt(position) == ' ') {
        position++;
      }
    }

    ValidationException refusal(String reason) {
      return Refusal.of(
          field, EXPECTED, text, LONGEST_SHOWN, reason + " at position " + (position + 1));
    }

    private static boolean isLetter(char ch) {
      return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    }

    private static boolean isIdentifierPart(char ch) {
      return isLetter(ch) || (ch >= '0' && ch <= '9') || ch == '_';
    }

    private static boolean isHexDigit(char ch) {
      return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
    }
  }
}
