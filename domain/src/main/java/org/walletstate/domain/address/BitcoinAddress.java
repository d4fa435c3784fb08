package org.walletstate.domain.address;

import java.util.Arrays;
import java.util.Locale;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.ChainFamily;

/**
 * A Bitcoin mainnet address of one of the five standard output kinds, checksum verified:
 *
 * <ul>
 *   <li>{@link Kind#P2PKH} and {@link Kind#P2SH}: Base58Check of version 0x00 ({@code 1...}) or
 *       0x05 ({@code 3...}) and a 20-byte hash;
 *   <li>{@link Kind#P2WPKH} and {@link Kind#P2WSH}: segwit version 0 ({@code bc1q...}) with a 20-
 *       or 32-byte program and a Bech32 checksum (BIP-173);
 *   <li>{@link Kind#P2TR}: segwit version 1 ({@code bc1p...}) with a 32-byte program and a Bech32m
 *       checksum (BIP-350).
 * </ul>
 *
 * <p>The service reads mainnet only, so testnet, signet and regtest addresses (versions 0x6f and
 * 0xc4, prefixes {@code tb1} and {@code bcrt1}) are refused by name. So are segwit addresses that
 * are well formed but of no standard kind (version 1 with another program length, versions 2 to
 * 16), a version 0 program under a Bech32m checksum and a version 1 program under a Bech32 one.
 *
 * <p>A segwit address may be all lower or all upper case, never mixed; its canonical text is lower
 * case. Text that looks like a private key in wallet import format ({@code 5}, {@code K} or {@code
 * L} and 51 or 52 characters) is refused without being repeated.
 */
public final class BitcoinAddress implements WalletAddress {

  /** The output kind the address pays to. */
  public enum Kind {
    /** Pay to public key hash, {@code 1...}. */
    P2PKH,
    /** Pay to script hash, {@code 3...}. */
    P2SH,
    /** Pay to witness public key hash, {@code bc1q...} with a 20-byte program. */
    P2WPKH,
    /** Pay to witness script hash, {@code bc1q...} with a 32-byte program. */
    P2WSH,
    /** Pay to taproot, {@code bc1p...}. */
    P2TR
  }

  private static final String MAINNET_HRP = "bc";
  private static final int MAX_TEXT = 62; // a 32-byte program under "bc"
  private static final int MAX_BASE58_TEXT = 35;
  private static final String EXPECTED =
      "a Bitcoin mainnet address (P2PKH, P2SH, bech32 segwit v0 or Taproot)";

  private final String text;
  private final Kind kind;
  private final byte[] program;

  private BitcoinAddress(String text, Kind kind, byte[] program) {
    this.text = text;
    this.kind = kind;
    this.program = program;
  }

  /**
   * Parses an address.
   *
   * @param field the field name used in the message on failure
   */
  public static BitcoinAddress parse(String text, String field) {
    if (text == null || text.isEmpty()) {
      throw refused(field, text, null);
    }
    if (looksLikePrivateKey(text)) {
      throw Refusal.withoutValue(
          field, EXPECTED, "the value looks like a private key and is not shown");
    }
    if (text.length() > MAX_TEXT) {
      throw refused(field, text, null);
    }
    String lower = text.toLowerCase(Locale.ROOT);
    if (lower.startsWith("tb1") || lower.startsWith("bcrt1")) {
      throw refused(field, text, "testnet addresses are not read");
    }
    if (lower.startsWith(MAINNET_HRP + "1")) {
      return segwit(text, field);
    }
    return base58(text, field);
  }

  /** An address known to be well formed (constants). */
  public static BitcoinAddress of(String text) {
    return parse(text, "address");
  }

  private static boolean looksLikePrivateKey(String text) {
    char first = text.charAt(0);
    return (first == '5' || first == 'K' || first == 'L')
        && (text.length() == 51 || text.length() == 52);
  }

  private static BitcoinAddress base58(String text, String field) {
    if (text.length() > MAX_BASE58_TEXT) {
      throw refused(field, text, null);
    }
    byte[] payload =
        Refusal.decoded(Base58.BITCOIN::decodeChecked, field, EXPECTED, text, MAX_TEXT);
    if (payload.length != 21) {
      throw refused(field, text, "it does not encode a 20-byte hash");
    }
    Kind kind =
        switch (payload[0]) {
          case 0x00 -> Kind.P2PKH;
          case 0x05 -> Kind.P2SH;
          case 0x6f, (byte) 0xc4 -> throw refused(field, text, "testnet addresses are not read");
          default -> throw refused(field, text, "its version byte is not a mainnet address's");
        };
    return new BitcoinAddress(text, kind, Arrays.copyOfRange(payload, 1, 21));
  }

  private static BitcoinAddress segwit(String text, String field) {
    Bech32.Decoded decoded;
    try {
      decoded = Bech32.decode(text);
    } catch (EncodingException e) {
      throw refused(field, text, e.getMessage());
    }
    byte[] data = decoded.data();
    if (data.length == 0) {
      throw refused(field, text, "it has no witness version");
    }
    int version = data[0];
    if (version > 16) {
      throw refused(field, text, "witness version above 16");
    }
    byte[] program;
    try {
      program = Bech32.convertBits(Arrays.copyOfRange(data, 1, data.length), 5, 8, false);
    } catch (EncodingException e) {
      throw refused(field, text, "its witness program " + e.getMessage());
    }
    if (program.length < 2 || program.length > 40) {
      throw refused(field, text, "a witness program of " + program.length + " bytes");
    }
    Bech32.Variant needed = version == 0 ? Bech32.Variant.BECH32 : Bech32.Variant.BECH32M;
    if (decoded.variant() != needed) {
      throw refused(
          field,
          text,
          "witness version "
              + version
              + " needs a "
              + (version == 0 ? "bech32 (BIP-173)" : "bech32m (BIP-350)")
              + " checksum");
    }
    Kind kind = segwitKind(text, field, version, program.length);
    return new BitcoinAddress(text.toLowerCase(Locale.ROOT), kind, program);
  }

  /** The standard output a witness version and program length make. */
  private static Kind segwitKind(String text, String field, int version, int programLength) {
    if (version == 0 && programLength == 20) {
      return Kind.P2WPKH;
    }
    if (version == 0 && programLength == 32) {
      return Kind.P2WSH;
    }
    if (version == 0) {
      throw refused(field, text, "a version 0 program has 20 or 32 bytes");
    }
    if (version == 1 && programLength == 32) {
      return Kind.P2TR;
    }
    throw refused(
        field,
        text,
        "witness version "
            + version
            + " with a "
            + programLength
            + "-byte program is not a standard output");
  }

  private static ValidationException refused(String field, String text, String why) {
    return Refusal.of(field, EXPECTED, text, MAX_TEXT, why);
  }

  // Alike by design: each family's address names its family and gives its own forms.
  @Override
  public ChainFamily family() {
    return ChainFamily.BITCOIN;
  }

  /** The address; a segwit one in lower case. */
  @Override
  public String text() {
    return text;
  }

  public Kind kind() {
    return kind;
  }

  /**
   * The locking script the address stands for: {@code OP_DUP OP_HASH160 <20> OP_EQUALVERIFY
   * OP_CHECKSIG}, {@code OP_HASH160 <20> OP_EQUAL}, or the witness version opcode followed by a
   * push of the program.
   */
  public byte[] scriptPubKey() {
    return switch (kind) {
      case P2PKH ->
          concat(
              new byte[] {0x76, (byte) 0xa9, 0x14}, program, new byte[] {(byte) 0x88, (byte) 0xac});
      case P2SH -> concat(new byte[] {(byte) 0xa9, 0x14}, program, new byte[] {(byte) 0x87});
      case P2WPKH, P2WSH -> concat(new byte[] {0x00, (byte) program.length}, program, new byte[0]);
      case P2TR -> concat(new byte[] {0x51, (byte) program.length}, program, new byte[0]);
    };
  }

  private static byte[] concat(byte[] head, byte[] body, byte[] tail) {
    byte[] out = Arrays.copyOf(head, head.length + body.length + tail.length);
    System.arraycopy(body, 0, out, head.length, body.length);
    System.arraycopy(tail, 0, out, head.length + body.length, tail.length);
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BitcoinAddress other
        && other.kind == kind
        && Arrays.equals(other.program, program);
  }

  @Override
  public int hashCode() {
    return 31 * kind.hashCode() + Arrays.hashCode(program);
  }

  @Override
  public String toString() {
    return text;
  }
}
