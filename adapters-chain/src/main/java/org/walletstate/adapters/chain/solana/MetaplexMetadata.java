package org.walletstate.adapters.chain.solana;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Optional;

/**
 * The one part of a Metaplex Token Metadata account this service reads: the NFT's mint and its
 * collection, Borsh-decoded in the account's field order (key, update authority, mint, name,
 * symbol, uri, seller fee, creators, primary sale, mutable, edition nonce, token standard,
 * collection).
 */
final class MetaplexMetadata {

  /** The account kind of a metadata account ({@code Key::MetadataV1}). */
  private static final int METADATA_V1 = 4;

  private static final int MAX_CREATORS = 5;
  private static final int MAX_TEXT = 1024;

  private MetaplexMetadata() {}

  /** A metadata account's mint and, when present, its collection. */
  record Decoded(byte[] mint, Optional<Collection> collection) {}

  /** A collection reference: the collection mint and whether the collection verified it. */
  record Collection(boolean verified, byte[] key) {}

  /**
   * @throws IllegalArgumentException when the bytes are not a metadata account of this layout
   */
  static Decoded decode(byte[] data) {
    ByteBuffer in = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
    try {
      if (Byte.toUnsignedInt(in.get()) != METADATA_V1) {
        throw new IllegalArgumentException("not a metadata account");
      }
      skip(in, 32); // update authority
      byte[] mint = bytes(in, 32);
      text(in); // name
      text(in); // symbol
      text(in); // uri
      skip(in, 2); // seller fee basis points
      if (option(in)) {
        int creators = in.getInt();
        if (creators < 0 || creators > MAX_CREATORS) {
          throw new IllegalArgumentException("creator count " + creators);
        }
        skip(in, creators * 34);
      }
      skip(in, 2); // primary sale happened, is mutable
      if (option(in)) {
        skip(in, 1); // edition nonce
      }
      if (option(in)) {
        skip(in, 1); // token standard
      }
      Optional<Collection> collection = Optional.empty();
      if (option(in)) {
        boolean verified = bool(in);
        collection = Optional.of(new Collection(verified, bytes(in, 32)));
      }
      return new Decoded(mint, collection);
    } catch (java.nio.BufferUnderflowException e) {
      throw new IllegalArgumentException("the metadata account ends early", e);
    }
  }

  /** Whether the metadata names {@code collectionMint} as its verified collection. */
  static boolean inVerifiedCollection(Decoded decoded, byte[] collectionMint) {
    return decoded
        .collection()
        .filter(c -> c.verified() && Arrays.equals(c.key(), collectionMint))
        .isPresent();
  }

  private static boolean option(ByteBuffer in) {
    return bool(in);
  }

  private static boolean bool(ByteBuffer in) {
    int b = Byte.toUnsignedInt(in.get());
    if (b > 1) {
      throw new IllegalArgumentException("not a Borsh bool or option tag: " + b);
    }
    return b == 1;
  }

  private static void text(ByteBuffer in) {
    int length = in.getInt();
    if (length < 0 || length > MAX_TEXT) {
      throw new IllegalArgumentException("text length " + length);
    }
    skip(in, length);
  }

  private static byte[] bytes(ByteBuffer in, int count) {
    byte[] out = new byte[count];
    in.get(out);
    return out;
  }

  private static void skip(ByteBuffer in, int count) {
    if (in.remaining() < count) {
      throw new java.nio.BufferUnderflowException();
    }
    in.position(in.position() + count);
  }
}
