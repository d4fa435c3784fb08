package org.walletstate.domain.solana;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.SolanaAddress;

/**
 * A Solana transaction in its wire format, decoded: the signatures (compact-u16 count, 64 bytes
 * each, in the order of the signing accounts), then the message, legacy or versioned (a first byte
 * with the top bit set carries the version; only version 0 exists): the header (required
 * signatures, read-only signed, read-only unsigned), the static account keys, the recent blockhash,
 * the instructions (program index, account indexes, data) and, in version 0, the address table
 * lookups. An unsigned slot is 64 zero bytes (a partially signed transaction).
 *
 * @param wire the whole transaction as sent
 * @param message the signed message bytes
 * @param version empty for a legacy message, else the version (0)
 */
public record SolanaTransaction(
    byte[] wire,
    List<byte[]> signatures,
    byte[] message,
    Optional<Integer> version,
    int requiredSignatures,
    int readonlySigned,
    int readonlyUnsigned,
    List<SolanaAddress> accounts,
    byte[] recentBlockhash,
    List<Instruction> instructions,
    int addressTableLookups) {

  /** The most a transaction may hold on the wire (one packet). */
  public static final int MAX_SIZE = 1232;

  private static final int SIGNATURE_LENGTH = 64;
  private static final int KEY_LENGTH = 32;

  public SolanaTransaction {
    wire = wire.clone();
    signatures = signatures.stream().map(byte[]::clone).toList();
    message = message.clone();
    Objects.requireNonNull(version, "version");
    accounts = List.copyOf(accounts);
    recentBlockhash = recentBlockhash.clone();
    instructions = List.copyOf(instructions);
  }

  /** The whole transaction as sent, as a copy. */
  @Override
  public byte[] wire() {
    return wire.clone();
  }

  /** The signatures in the order of the signing accounts, as copies. */
  @Override
  public List<byte[]> signatures() {
    return signatures.stream().map(byte[]::clone).toList();
  }

  // Copies by design: the arrays of a decoded transaction are never shared.
  /** The signed message bytes, as a copy. */
  @Override
  public byte[] message() {
    return message.clone();
  }

  /** The recent blockhash, as a copy. */
  @Override
  public byte[] recentBlockhash() {
    return recentBlockhash.clone();
  }

  /**
   * One instruction.
   *
   * @param program the index of its program among the static accounts
   * @param accounts the indexes of its accounts
   */
  public record Instruction(int program, int[] accounts, byte[] data) {
    public Instruction {
      accounts = accounts.clone();
      data = data.clone();
    }

    @Override
    public int[] accounts() {
      return accounts.clone();
    }

    @Override
    public byte[] data() {
      return data.clone();
    }
  }

  /** Why some bytes are not a Solana transaction. */
  public static final class MalformedTransaction extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MalformedTransaction(String message) {
      super(message, null, false, false);
    }
  }

  /** Decodes {@code wire}; every byte must be used. */
  public static SolanaTransaction decode(byte[] wire) {
    if (wire.length > MAX_SIZE) {
      throw new MalformedTransaction("it has " + wire.length + " bytes, more than " + MAX_SIZE);
    }
    Reader in = new Reader(wire);
    int signatureCount = in.compactU16();
    List<byte[]> signatures = new ArrayList<>();
    for (int i = 0; i < signatureCount; i++) {
      signatures.add(in.bytes(SIGNATURE_LENGTH));
    }
    int messageStart = in.position;
    Optional<Integer> version = Optional.empty();
    int first = in.u8();
    if ((first & 0x80) != 0) {
      version = Optional.of(first & 0x7f);
      if (version.get() != 0) {
        throw new MalformedTransaction("its message version " + version.get() + " is unknown");
      }
      first = in.u8();
    }
    int required = first;
    int readonlySigned = in.u8();
    int readonlyUnsigned = in.u8();
    int keyCount = in.compactU16();
    List<SolanaAddress> accounts = new ArrayList<>();
    for (int i = 0; i < keyCount; i++) {
      accounts.add(SolanaAddress.ofBytes(in.bytes(KEY_LENGTH)));
    }
    byte[] blockhash = in.bytes(KEY_LENGTH);
    List<Instruction> instructions = instructions(in);
    int lookups = version.isPresent() ? skipLookups(in) : 0;
    if (in.position != wire.length) {
      throw new MalformedTransaction((wire.length - in.position) + " bytes follow the message");
    }
    if (required != signatureCount) {
      throw new MalformedTransaction(
          "it has " + signatureCount + " signatures for " + required + " signing accounts");
    }
    if (required > keyCount
        || readonlySigned >= Math.max(required, 1)
        || readonlyUnsigned > keyCount - required) {
      throw new MalformedTransaction(
          "its message header does not fit its " + keyCount + " accounts");
    }
    checkAccountIndexes(instructions, keyCount, lookups);
    return new SolanaTransaction(
        wire,
        signatures,
        Arrays.copyOfRange(wire, messageStart, wire.length),
        version,
        required,
        readonlySigned,
        readonlyUnsigned,
        accounts,
        blockhash,
        instructions,
        lookups);
  }

  private static List<Instruction> instructions(Reader in) {
    int instructionCount = in.compactU16();
    List<Instruction> instructions = new ArrayList<>();
    for (int i = 0; i < instructionCount; i++) {
      int program = in.u8();
      int[] indexes = new int[in.compactU16()];
      for (int j = 0; j < indexes.length; j++) {
        indexes[j] = in.u8();
      }
      byte[] data = in.bytes(in.compactU16());
      instructions.add(new Instruction(program, indexes, data));
    }
    return instructions;
  }

  /** Reads past a v0 message's address table lookups; their number. */
  private static int skipLookups(Reader in) {
    int lookups = in.compactU16();
    for (int i = 0; i < lookups; i++) {
      in.bytes(KEY_LENGTH);
      in.bytes(in.compactU16());
      in.bytes(in.compactU16());
    }
    return lookups;
  }

  private static void checkAccountIndexes(
      List<Instruction> instructions, int keyCount, int lookups) {
    int resolvable = keyCount + (lookups > 0 ? 256 : 0);
    for (Instruction instruction : instructions) {
      if (instruction.program() >= keyCount) {
        throw new MalformedTransaction("an instruction names a program that is not an account key");
      }
      for (int index : instruction.accounts()) {
        if (index >= resolvable) {
          throw new MalformedTransaction(
              "an instruction names account " + index + " of " + keyCount);
        }
      }
    }
  }

  /** The fee payer: the first account. */
  public SolanaAddress feePayer() {
    return accounts.get(0);
  }

  /** The account at {@code index} among the static keys; empty for one from a lookup table. */
  public Optional<SolanaAddress> account(int index) {
    return index < accounts.size() ? Optional.of(accounts.get(index)) : Optional.empty();
  }

  /** The program of {@code instruction}. */
  public SolanaAddress program(Instruction instruction) {
    return accounts.get(instruction.program());
  }

  /** The signature of {@code signer}, when it is a signing account and its slot is filled. */
  public Optional<byte[]> signatureOf(SolanaAddress signer) {
    for (int i = 0; i < requiredSignatures; i++) {
      if (accounts.get(i).equals(signer)) {
        byte[] signature = signatures.get(i);
        for (byte b : signature) {
          if (b != 0) {
            return Optional.of(signature.clone());
          }
        }
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** Bytes read front to back; running past the end is a malformed transaction. */
  private static final class Reader {
    private final byte[] bytes;
    private int position;

    Reader(byte[] bytes) {
      this.bytes = bytes;
    }

    int u8() {
      if (position >= bytes.length) {
        throw new MalformedTransaction("it ends early, after " + bytes.length + " bytes");
      }
      return bytes[position++] & 0xff;
    }

    /** Solana's compact-u16: 7 bits per byte, low first, at most 3 bytes, no redundant bytes. */
    int compactU16() {
      int value = 0;
      for (int i = 0; i < 3; i++) {
        int b = u8();
        value |= (b & 0x7f) << (7 * i);
        if ((b & 0x80) == 0) {
          if (i > 0 && b == 0) {
            throw new MalformedTransaction("a length is not in its shortest form");
          }
          if (value > 0xffff) {
            throw new MalformedTransaction("a length is larger than 65535");
          }
          return value;
        }
      }
      throw new MalformedTransaction("a length is longer than three bytes");
    }

    byte[] bytes(int length) {
      if (length > bytes.length - position) {
        throw new MalformedTransaction("it ends early, after " + bytes.length + " bytes");
      }
      byte[] out = Arrays.copyOfRange(bytes, position, position + length);
      position += length;
      return out;
    }
  }
}
