package org.walletstate.domain.evm.eas;

import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.FunctionSignature;

/**
 * Where the UID of a recipient's attestation of a schema is found: a contract and its view function
 * {@code (address recipient, bytes32 schema) returns (bytes32 uid)}, which answers zero when it
 * names no attestation. The UID only points at an attestation; the attestation itself is read from
 * EAS and checked there.
 *
 * @param contract the contract answering {@code function}
 * @param function a function taking exactly {@code (address,bytes32)}
 */
public record AttestationLookup(EvmAddress contract, FunctionSignature function) {

  /**
   * The interface's indexer rule, {@code getAttestationUid(address,bytes32)} (selector {@code
   * 0xab2717dd}), as Coinbase Verifications' attestation indexer answers it.
   */
  public static final FunctionSignature GET_ATTESTATION_UID =
      FunctionSignature.of("getAttestationUid(address,bytes32)");

  /**
   * Human Passport's schema resolver (GitcoinResolver), {@code getUserAttestation(address,bytes32)}
   * (selector {@code 0x79300e56}): the latest attestation of the schema that EAS routed through the
   * resolver for the recipient, cleared when it is revoked.
   */
  public static final FunctionSignature GET_USER_ATTESTATION =
      FunctionSignature.of("getUserAttestation(address,bytes32)");

  private static final String PARAMETERS = "(address,bytes32)";

  public AttestationLookup {
    Objects.requireNonNull(contract, "contract");
    Objects.requireNonNull(function, "function");
    if (!function.canonical().endsWith(PARAMETERS)) {
      throw new IllegalArgumentException(
          "an attestation lookup takes (address recipient, bytes32 schema): " + function);
    }
  }

  /** An attestation indexer answering {@link #GET_ATTESTATION_UID}. */
  public static AttestationLookup indexer(EvmAddress indexer) {
    return new AttestationLookup(indexer, GET_ATTESTATION_UID);
  }

  /** A Human Passport resolver answering {@link #GET_USER_ATTESTATION}. */
  public static AttestationLookup passportResolver(EvmAddress resolver) {
    return new AttestationLookup(resolver, GET_USER_ATTESTATION);
  }
}
