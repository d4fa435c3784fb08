package org.walletstate.devnet.replay;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Esplora's shapes of a transaction's parts (Blockstream's {@code esplora/API.md}, "Transaction
 * format"): an output's {@code scriptpubkey}, {@code scriptpubkey_asm}, {@code scriptpubkey_type}
 * and {@code scriptpubkey_address}, derived from a mainnet address (P2PKH, P2SH, segwit v0 and
 * Taproot), and a transaction's {@code status}.
 */
final class EsploraShapes {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HexFormat HEX = HexFormat.of();
  private static final String BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
  private static final String BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

  private EsploraShapes() {}

  /** An output (or an input's {@code prevout}) paying {@code sats} to {@code address}. */
  static ObjectNode output(String address, long sats) {
    ObjectNode out = JSON.createObjectNode();
    String lower = address.toLowerCase(Locale.ROOT);
    if (lower.startsWith("bc1")) {
      byte[] program = witnessProgram(lower);
      int version = BECH32.indexOf(lower.charAt(3));
      String hex = HEX.formatHex(program);
      String push = "OP_PUSHBYTES_" + program.length + " " + hex;
      out.put(
          "scriptpubkey",
          (version == 0 ? "00" : "51") + HEX.toHexDigits((byte) program.length) + hex);
      out.put("scriptpubkey_asm", (version == 0 ? "OP_0 " : "OP_PUSHNUM_1 ") + push);
      out.put(
          "scriptpubkey_type",
          version == 1 ? "v1_p2tr" : program.length == 20 ? "v0_p2wpkh" : "v0_p2wsh");
    } else {
      byte[] decoded = base58(address);
      String hash = HEX.formatHex(decoded, 1, 21);
      if (decoded[0] == 0x00) {
        out.put("scriptpubkey", "76a914" + hash + "88ac");
        out.put(
            "scriptpubkey_asm",
            "OP_DUP OP_HASH160 OP_PUSHBYTES_20 " + hash + " OP_EQUALVERIFY OP_CHECKSIG");
        out.put("scriptpubkey_type", "p2pkh");
      } else {
        out.put("scriptpubkey", "a914" + hash + "87");
        out.put("scriptpubkey_asm", "OP_HASH160 OP_PUSHBYTES_20 " + hash + " OP_EQUAL");
        out.put("scriptpubkey_type", "p2sh");
      }
    }
    out.put("scriptpubkey_address", address);
    out.put("value", sats);
    return out;
  }

  /** {@code status} of a transaction: unconfirmed, or in block {@code height}. */
  static ObjectNode status(long height, String blockHash, long blockTime) {
    ObjectNode status = JSON.createObjectNode();
    if (height < 0) {
      return status.put("confirmed", false);
    }
    return status
        .put("confirmed", true)
        .put("block_height", height)
        .put("block_hash", blockHash)
        .put("block_time", blockTime);
  }

  /** The witness program of a bech32 or bech32m address (its checksum is not checked). */
  private static byte[] witnessProgram(String address) {
    String data = address.substring(address.lastIndexOf('1') + 2, address.length() - 6);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int accumulator = 0;
    int bits = 0;
    for (char c : data.toCharArray()) {
      int value = BECH32.indexOf(c);
      if (value < 0) {
        throw new IllegalArgumentException("not a bech32 address: " + address);
      }
      accumulator = (accumulator << 5) | value;
      bits += 5;
      if (bits >= 8) {
        bits -= 8;
        bytes.write((accumulator >> bits) & 0xff);
      }
    }
    return bytes.toByteArray();
  }

  /** The 25 bytes of a Base58Check address (version, 20-byte hash, checksum). */
  private static byte[] base58(String address) {
    BigInteger value = BigInteger.ZERO;
    for (char c : address.toCharArray()) {
      int digit = BASE58.indexOf(c);
      if (digit < 0) {
        throw new IllegalArgumentException("not a Base58 address: " + address);
      }
      value = value.multiply(BigInteger.valueOf(58)).add(BigInteger.valueOf(digit));
    }
    byte[] raw = value.toByteArray();
    byte[] out = new byte[25];
    int copy = Math.min(raw.length, 25);
    System.arraycopy(raw, raw.length - copy, out, 25 - copy, copy);
    return out;
  }
}
