package org.walletstate.domain.evm.read;

import java.math.BigInteger;
import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.eas.AttestationLookup;
import org.walletstate.domain.evm.eas.EasRecord;

/**
 * The reads of attestations, delegations and contract signatures. They are {@link EvmRead}s and are
 * named through it ({@code EvmRead.AttestationUid}): {@code EvmRead} extends this interface only to
 * keep its permitted reads in files by subject.
 *
 * <p>The records are alike on purpose: each is its own value (two reads are one read only when they
 * are equal), with its own request and decoding over the shared {@code EvmCalls}.
 */
public interface EvmAuthorizationReads {

  /**
   * An attestation lookup's {@code function(recipient, schema)}: the UID of the recipient's
   * attestation of that schema, zero when the lookup names none. The function is part of the read:
   * two reads are one only when contract, function, recipient and schema are all equal.
   */
  // Alike by design: each read is its own value, with its own request and decoding.
  record AttestationUid(AttestationLookup lookup, EvmAddress recipient, Bytes32 schema)
      implements EvmRead<Bytes32> {
    public AttestationUid {
      Objects.requireNonNull(lookup, "lookup");
      Objects.requireNonNull(recipient, "recipient");
      Objects.requireNonNull(schema, "schema");
    }

    @Override
    public EvmRequest request() {
      return EvmCalls.call(lookup.contract(), lookup.function(), Bytes32.of(recipient), schema);
    }

    @Override
    public Bytes32 decode(ReadOutcome.Answer answer) {
      return EvmCalls.words(answer).word(0);
    }
  }

  /**
   * EAS {@code getAttestation(uid)}. Its UID comes from an {@link AttestationUid} read, so it is
   * asked for only after that read answered with a non-zero UID, at the same block.
   */
  // Alike by design: each read is its own value, with its own request and decoding.
  record EasAttestation(EvmAddress eas, Bytes32 uid) implements EvmRead<EasRecord> {
    public EasAttestation {
      Objects.requireNonNull(eas, "eas");
      Objects.requireNonNull(uid, "uid");
    }

    @Override
    public EvmRequest request() {
      return EvmCalls.call(eas, GET_ATTESTATION, uid);
    }

    @Override
    public EasRecord decode(ReadOutcome.Answer answer) {
      return EasRecord.decode(EvmCalls.returnData(answer));
    }
  }

  /** A delegation manager's {@code disabledDelegations(delegationHash)}: true when revoked. */
  record DelegationDisabled(EvmAddress manager, Bytes32 delegationHash)
      implements EvmRead<Boolean> {
    public DelegationDisabled {
      Objects.requireNonNull(manager, "manager");
      Objects.requireNonNull(delegationHash, "delegationHash");
    }

    @Override
    public EvmRequest request() {
      return EvmCalls.call(manager, DISABLED_DELEGATIONS, delegationHash);
    }

    @Override
    public Boolean decode(ReadOutcome.Answer answer) {
      return EvmCalls.words(answer).bool(0);
    }
  }

  /**
   * ERC-1271 {@code isValidSignature(digest, signature)} on a contract account: true exactly when
   * it returns the magic value {@code 0x1626ba7e} as a clean {@code bytes4} (what the delegation
   * manager requires). Any other answer, too short, or a revert, is a signature the account does
   * not accept.
   */
  record Erc1271Signature(EvmAddress account, Bytes32 digest, Bytes signature)
      implements EvmRead<Boolean> {

    /** {@code bytes4(keccak256("isValidSignature(bytes32,bytes)"))}, left-aligned in a word. */
    public static final Bytes32 MAGIC_VALUE =
        new Bytes32(Bytes.concat(IS_VALID_SIGNATURE.selector(), Bytes.of(new byte[28])));

    public Erc1271Signature {
      Objects.requireNonNull(account, "account");
      Objects.requireNonNull(digest, "digest");
      Objects.requireNonNull(signature, "signature");
    }

    @Override
    public EvmRequest request() {
      int padded = (signature.length() + 31) / 32 * 32;
      Bytes data =
          Bytes.concat(
              IS_VALID_SIGNATURE.selector(),
              digest.bytes(),
              Bytes32.of(BigInteger.valueOf(64)).bytes(),
              Bytes32.of(BigInteger.valueOf(signature.length())).bytes(),
              signature,
              Bytes.of(new byte[padded - signature.length()]));
      return new EvmRequest.EthCall(account, data);
    }

    @Override
    public Boolean decode(ReadOutcome.Answer answer) {
      return EvmCalls.firstWord(answer).map(MAGIC_VALUE::equals).orElse(false);
    }
  }
}
