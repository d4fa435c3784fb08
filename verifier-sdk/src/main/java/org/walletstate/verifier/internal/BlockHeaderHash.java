package org.walletstate.verifier.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The hash of a block header as {@code eth_getBlockByNumber} writes it: keccak of the RLP list of
 * the header fields in consensus order. Fields added by forks are appended in fork order, London's
 * {@code baseFeePerGas}, Shanghai's {@code withdrawalsRoot}, Cancun's {@code blobGasUsed}, {@code
 * excessBlobGas} and {@code parentBeaconBlockRoot}, Prague's {@code requestsHash}; a header has a
 * prefix of them, so a later field present after an absent one is malformed.
 */
public final class BlockHeaderHash {

  private static final Pattern HEX = Pattern.compile("0x(?:[0-9a-fA-F]{2})*");
  private static final Pattern QUANTITY = Pattern.compile("0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)");

  private enum Kind {
    DATA,
    QUANTITY
  }

  private record Field(String name, Kind kind, int length) {}

  // The header's fields in RLP order, one row each; the fork fields are a second table by design: a
  // header carries a prefix of them.
  private static final List<Field> BASE =
      List.of(
          new Field("parentHash", Kind.DATA, 32),
          new Field("sha3Uncles", Kind.DATA, 32),
          new Field("miner", Kind.DATA, 20),
          new Field("stateRoot", Kind.DATA, 32),
          new Field("transactionsRoot", Kind.DATA, 32),
          new Field("receiptsRoot", Kind.DATA, 32),
          new Field("logsBloom", Kind.DATA, 256),
          new Field("difficulty", Kind.QUANTITY, 0),
          new Field("number", Kind.QUANTITY, 0),
          new Field("gasLimit", Kind.QUANTITY, 0),
          new Field("gasUsed", Kind.QUANTITY, 0),
          new Field("timestamp", Kind.QUANTITY, 0),
          new Field("extraData", Kind.DATA, -1),
          new Field("mixHash", Kind.DATA, 32),
          new Field("nonce", Kind.DATA, 8));

  private static final List<Field> FORKS =
      List.of(
          new Field("baseFeePerGas", Kind.QUANTITY, 0),
          new Field("withdrawalsRoot", Kind.DATA, 32),
          new Field("blobGasUsed", Kind.QUANTITY, 0),
          new Field("excessBlobGas", Kind.QUANTITY, 0),
          new Field("parentBeaconBlockRoot", Kind.DATA, 32),
          new Field("requestsHash", Kind.DATA, 32));

  private BlockHeaderHash() {}

  /**
   * keccak(rlp(header)).
   *
   * @throws IllegalArgumentException when a field is missing or malformed
   */
  public static byte[] of(JsonNode header) {
    List<byte[]> encoded = new ArrayList<>();
    for (Field field : BASE) {
      encoded.add(encode(header, field));
    }
    boolean ended = false;
    for (Field field : FORKS) {
      JsonNode value = header.get(field.name());
      boolean present = value != null && !value.isNull();
      if (!present) {
        ended = true;
        continue;
      }
      if (ended) {
        throw new IllegalArgumentException(
            "header has " + field.name() + " after a missing earlier fork field");
      }
      encoded.add(encode(header, field));
    }
    return Keccak.hash(Rlp.encodeList(encoded));
  }

  private static byte[] encode(JsonNode header, Field field) {
    JsonNode node = header.get(field.name());
    if (node == null || !node.isTextual()) {
      throw new IllegalArgumentException("header field " + field.name() + " is missing");
    }
    String text = node.textValue();
    if (field.kind() == Kind.QUANTITY) {
      if (!QUANTITY.matcher(text).matches()) {
        throw new IllegalArgumentException(
            "header field " + field.name() + " is not a hex quantity: " + text);
      }
      return Rlp.encodeUnsigned(new BigInteger(text.substring(2), 16));
    }
    if (!HEX.matcher(text).matches()) {
      throw new IllegalArgumentException("header field " + field.name() + " is not hex bytes");
    }
    byte[] bytes = HexFormat.of().parseHex(text.substring(2));
    if (field.length() >= 0 && bytes.length != field.length()) {
      throw new IllegalArgumentException(
          "header field "
              + field.name()
              + " has "
              + bytes.length
              + " bytes, not "
              + field.length());
    }
    return Rlp.encodeBytes(bytes);
  }
}
