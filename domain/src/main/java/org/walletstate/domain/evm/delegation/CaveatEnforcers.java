package org.walletstate.domain.evm.delegation;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes;

/**
 * The recognized caveat enforcers: the framework's Timestamp, ERC20TransferAmount,
 * NativeTokenTransferAmount, AllowedTargets and LimitedCalls enforcers of versions 1.0.0, 1.1.0 and
 * 1.3.0 on Base (1.0.0 has no NativeTokenTransferAmount enforcer). An enforcer of any of these
 * versions is recognized under any recognized manager: the terms of a kind are encoded the same way
 * in all three.
 */
public final class CaveatEnforcers {

  /** The kinds of enforcer, each with its terms decoding. */
  public enum Kind {
    TIMESTAMP,
    ERC20_TRANSFER_AMOUNT,
    NATIVE_TRANSFER_AMOUNT,
    ALLOWED_TARGETS,
    LIMITED_CALLS
  }

  // Alike by design: one block of addresses per framework version; the repeats are the rows of a
  // table, not logic.
  private static final Map<EvmAddress, Kind> RECOGNIZED =
      Map.ofEntries(
          // 1.3.0
          Map.entry(EvmAddress.of("0x1046bb45C8d673d4ea75321280DB34899413c069"), Kind.TIMESTAMP),
          Map.entry(
              EvmAddress.of("0xf100b0819427117EcF76Ed94B358B1A5b5C6D2Fc"),
              Kind.ERC20_TRANSFER_AMOUNT),
          Map.entry(
              EvmAddress.of("0xF71af580b9c3078fbc2BBF16FbB8EEd82b330320"),
              Kind.NATIVE_TRANSFER_AMOUNT),
          Map.entry(
              EvmAddress.of("0x7F20f61b1f09b08D970938F6fa563634d65c4EeB"), Kind.ALLOWED_TARGETS),
          Map.entry(
              EvmAddress.of("0x04658B29F6b82ed55274221a06Fc97D318E25416"), Kind.LIMITED_CALLS),
          // 1.1.0: the same rows by design, at that version's addresses
          Map.entry(EvmAddress.of("0x550FdD13eEBC1f22ea2a2480024BacBF0Ad7e5CE"), Kind.TIMESTAMP),
          Map.entry(
              EvmAddress.of("0x9A069b18032B31429A363AeCFb1B6A0564b44471"),
              Kind.ERC20_TRANSFER_AMOUNT),
          Map.entry(
              EvmAddress.of("0x5eD3833d7B957A8DB8A461c3AF2d668Ec25382E0"),
              Kind.NATIVE_TRANSFER_AMOUNT),
          Map.entry(
              EvmAddress.of("0x06aaE4c67EEA95277c46Bf79b1583d4a01772D22"), Kind.ALLOWED_TARGETS),
          Map.entry(
              EvmAddress.of("0xe694bFfffEA3E85923b1210b37e6a0175e910863"), Kind.LIMITED_CALLS),
          // 1.0.0: the same rows by design, at that version's addresses
          Map.entry(EvmAddress.of("0x78e05f779490c24BF3bFA135b4112E7003B321cD"), Kind.TIMESTAMP),
          Map.entry(
              EvmAddress.of("0x92Ac423B9c111962179a6242E1AdB58D02C103bE"),
              Kind.ERC20_TRANSFER_AMOUNT),
          Map.entry(
              EvmAddress.of("0xbc8673C0afa52D86D991c06881E55b2966920564"), Kind.ALLOWED_TARGETS),
          Map.entry(
              EvmAddress.of("0x4B3adad4a328bee8Ba17B86074d92fe7372180cD"), Kind.LIMITED_CALLS));

  private CaveatEnforcers() {}

  /** The kind of a recognized enforcer; empty for any other address. */
  public static Optional<Kind> kindOf(EvmAddress enforcer) {
    return Optional.ofNullable(RECOGNIZED.get(enforcer));
  }

  /**
   * What a caveat of a recognized enforcer declares; empty for an unrecognized enforcer.
   *
   * @throws IllegalArgumentException when the terms are not what the enforcer accepts (it would
   *     revert on them); the message says what they must be
   */
  public static Optional<DeclaredLimit> decode(Caveat caveat) {
    Optional<Kind> kind = kindOf(caveat.enforcer());
    if (kind.isEmpty()) {
      return Optional.empty();
    }
    Bytes terms = caveat.terms();
    EvmAddress enforcer = caveat.enforcer();
    return Optional.of(
        switch (kind.get()) {
          case TIMESTAMP -> {
            length(terms, 32, "the timestamp enforcer's terms are 32 bytes");
            yield new DeclaredLimit.Timestamp(
                enforcer, terms, uint(terms, 0, 16), uint(terms, 16, 32));
          }
          case ERC20_TRANSFER_AMOUNT -> {
            length(terms, 52, "the ERC-20 transfer amount enforcer's terms are 52 bytes");
            yield new DeclaredLimit.Erc20TransferAmount(
                enforcer,
                terms,
                EvmAddress.ofBytes(terms.slice(0, 20).toArray()),
                uint(terms, 20, 52));
          }
          case NATIVE_TRANSFER_AMOUNT -> {
            length(terms, 32, "the native transfer amount enforcer's terms are 32 bytes");
            yield new DeclaredLimit.NativeTransferAmount(enforcer, terms, uint(terms, 0, 32));
          }
          case ALLOWED_TARGETS -> {
            if (terms.isEmpty() || terms.length() % 20 != 0) {
              throw new IllegalArgumentException(
                  "the allowed targets enforcer's terms are one or more 20-byte addresses");
            }
            List<EvmAddress> targets = new ArrayList<>();
            for (int at = 0; at < terms.length(); at += 20) {
              targets.add(EvmAddress.ofBytes(terms.slice(at, at + 20).toArray()));
            }
            yield new DeclaredLimit.AllowedTargets(enforcer, terms, targets);
          }
          case LIMITED_CALLS -> {
            length(terms, 32, "the limited calls enforcer's terms are 32 bytes");
            yield new DeclaredLimit.LimitedCalls(enforcer, terms, uint(terms, 0, 32));
          }
        });
  }

  private static void length(Bytes terms, int expected, String rule) {
    if (terms.length() != expected) {
      throw new IllegalArgumentException(rule + ", not " + terms.length());
    }
  }

  private static BigInteger uint(Bytes terms, int from, int to) {
    return new BigInteger(1, terms.slice(from, to).toArray());
  }
}
