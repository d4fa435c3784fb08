package org.walletstate.domain.evm.eas;

import java.math.BigInteger;
import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.AbiReader;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;

/**
 * An attestation as EAS stores it, decoded from what {@code getAttestation(bytes32)} returns (the
 * {@code Attestation} struct of EAS {@code Common.sol}). EAS answers an unknown UID with an
 * all-zero record rather than a revert.
 *
 * @param uid the attestation's UID (zero when EAS holds none under the UID asked for)
 * @param schema the schema UID
 * @param time creation time, Unix seconds
 * @param expirationTime expiry, Unix seconds; 0 for never
 * @param revocationTime revocation time, Unix seconds; 0 while unrevoked
 * @param refUid the related attestation's UID
 * @param recipient whom the attestation is about
 * @param attester who made it
 * @param revocable whether it can be revoked
 * @param data the schema-encoded attestation data
 */
public record EasRecord(
    Bytes32 uid,
    Bytes32 schema,
    long time,
    long expirationTime,
    long revocationTime,
    Bytes32 refUid,
    EvmAddress recipient,
    EvmAddress attester,
    boolean revocable,
    Bytes data) {

  private static final int FIELDS = 10;

  // Null checks written out by design: a record validates its own components on construction.
  public EasRecord {
    Objects.requireNonNull(uid, "uid");
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(refUid, "refUid");
    Objects.requireNonNull(recipient, "recipient");
    Objects.requireNonNull(attester, "attester");
    Objects.requireNonNull(data, "data");
    if (time < 0 || expirationTime < 0 || revocationTime < 0) {
      throw new IllegalArgumentException("EAS times are uint64 seconds read as non-negative longs");
    }
  }

  /**
   * Decodes the return data of {@code getAttestation(bytes32)}: one dynamic tuple, so an offset
   * word followed by the ten-field head and the {@code bytes data} tail.
   *
   * @throws org.walletstate.domain.evm.AbiDecodingException when the data is not such a tuple
   */
  public static EasRecord decode(Bytes returnData) {
    AbiReader abi = AbiReader.of(returnData);
    int tuple = abi.follow(0, 0);
    abi.word(tuple + 32 * (FIELDS - 1));
    return new EasRecord(
        abi.word(tuple),
        abi.word(tuple + 32),
        seconds(abi, tuple + 64),
        seconds(abi, tuple + 96),
        seconds(abi, tuple + 128),
        abi.word(tuple + 160),
        abi.address(tuple + 192),
        abi.address(tuple + 224),
        abi.bool(tuple + 256),
        abi.bytes(abi.follow(tuple + 288, tuple)));
  }

  private static long seconds(AbiReader abi, int at) {
    BigInteger value = abi.uint(at, 64);
    // uint64 seconds beyond Long.MAX_VALUE lie ~292 billion years ahead: read them as "never".
    return value.bitLength() > 63 ? Long.MAX_VALUE : value.longValueExact();
  }
}
