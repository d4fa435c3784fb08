package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads the fields of an EIP-1186 proof object strictly (hex quantities, 32-byte words, addresses,
 * node lists); a field that is missing or malformed fails the proof at {@link ProofStep#SHAPE}.
 * Also the byte helpers slot derivation needs.
 */
final class ProofFields {

  static final HexFormat HEX = HexFormat.of();
  static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
  private static final Pattern HEX_BYTES = Pattern.compile("0x(?:[0-9a-fA-F]{2})*");
  private static final Pattern QUANTITY = Pattern.compile("0x[0-9a-fA-F]{1,64}");

  private ProofFields() {}

  static ProofRejected fail(ProofStep step, String message) {
    return new ProofRejected(step, message);
  }

  static boolean isQuantity(String text) {
    return QUANTITY.matcher(text).matches();
  }

  static List<byte[]> nodes(JsonNode parent, String name) {
    JsonNode array = parent.get(name);
    if (array == null || !array.isArray()) {
      throw fail(ProofStep.SHAPE, name + " is not an array");
    }
    List<byte[]> nodes = new ArrayList<>();
    for (JsonNode node : array) {
      if (!node.isTextual() || !HEX_BYTES.matcher(node.textValue()).matches()) {
        throw fail(ProofStep.SHAPE, name + " holds something other than hex bytes");
      }
      nodes.add(HEX.parseHex(node.textValue().substring(2)));
    }
    return nodes;
  }

  static BigInteger quantity(JsonNode parent, String name) {
    JsonNode node = parent.get(name);
    if (node == null || !node.isTextual() || !isQuantity(node.textValue())) {
      throw fail(ProofStep.SHAPE, name + " is not a hex quantity");
    }
    return new BigInteger(node.textValue().substring(2), 16);
  }

  static byte[] word(JsonNode parent, String name) {
    JsonNode node = parent.get(name);
    if (node == null
        || !node.isTextual()
        || node.textValue().length() != 66
        || !HEX_BYTES.matcher(node.textValue()).matches()) {
      throw fail(ProofStep.SHAPE, name + " is not 32 bytes of hex");
    }
    return HEX.parseHex(node.textValue().substring(2));
  }

  static String address(JsonNode parent, String name) {
    JsonNode node = parent.get(name);
    if (node == null || !node.isTextual() || !ADDRESS.matcher(node.textValue()).matches()) {
      throw fail(ProofStep.SHAPE, name + " is not an address");
    }
    return node.textValue();
  }

  /**
   * A caller's 32-byte hex argument (a root or block hash); a malformed one is the caller's bug.
   */
  static byte[] parseWord(String hex, String what) {
    if (hex == null || hex.length() != 66 || !HEX_BYTES.matcher(hex).matches()) {
      throw new IllegalArgumentException(what + " must be 0x followed by 64 hex digits");
    }
    return HEX.parseHex(hex.substring(2));
  }

  static byte[] pad32(BigInteger value) {
    byte[] raw = value.toByteArray();
    int skip = raw.length > 32 ? raw.length - 32 : 0;
    byte[] out = new byte[32];
    System.arraycopy(raw, skip, out, 32 - (raw.length - skip), raw.length - skip);
    return out;
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
