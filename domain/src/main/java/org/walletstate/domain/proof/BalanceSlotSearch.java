package org.walletstate.domain.proof;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;

/**
 * Finds the storage slot of a holder's ERC-20 balance at the pinned block.
 *
 * <p>By state override: {@code balanceOf(holder)} is called with one candidate slot set to {@link
 * #PROBE_VALUE}; the candidate is the balance slot iff the call answers exactly that value. This
 * works for a zero balance too, and a token whose {@code balanceOf} computes its answer (shares
 * times an index, rebasing) never answers the probe value, so it is found to have no balance slot.
 * Candidates are tried in stages: {@link BalanceLayout#standard()}, then {@link
 * BalanceLayout#search()}.
 *
 * <p>By value, for nodes without state overrides: the standard candidates are read with one {@code
 * eth_getProof}, and exactly one of them must hold the {@code balanceOf} answer. A zero balance
 * matches every empty slot, so it cannot be located this way.
 */
public final class BalanceSlotSearch {

  /** What a probed slot is set to: a value no real balance is likely to have. */
  public static final Bytes32 PROBE_VALUE =
      new Bytes32(
          Bytes.fromHex("0x000000000000000000000000000000005a1a7e57a7e5a1a7e57a7e5a1a7e5a1b"));

  /** The reason of a token whose balance slot was not found. */
  public static final String NOT_FOUND =
      "the token's balance slot was not found: its balance is computed (shares, rebasing) or its"
          + " storage layout is not a standard balance mapping";

  /** The reason of a zero balance on a node without state overrides. */
  public static final String ZERO_WITHOUT_OVERRIDES =
      "the balance slot of a zero balance cannot be located on a node without state overrides";

  private BalanceSlotSearch() {}

  /** The stages of candidates, in the order they are probed. */
  public static List<List<BalanceLayout>> stages() {
    return List.of(BalanceLayout.standard(), BalanceLayout.search());
  }

  /** The probe read of one candidate. */
  public static EvmRead.Erc20BalanceOfWithStorage probe(
      EvmAddress token, EvmAddress holder, BalanceLayout candidate) {
    return new EvmRead.Erc20BalanceOfWithStorage(
        token, holder, candidate.storageKey(holder), PROBE_VALUE);
  }

  /**
   * The probe reads of a stage, by candidate in the stage's order: built once, since each one
   * hashes its storage key, and handed back to {@link #probed} with the answers.
   */
  public static Map<BalanceLayout, EvmRead.Erc20BalanceOfWithStorage> probes(
      EvmAddress token, EvmAddress holder, List<BalanceLayout> candidates) {
    Map<BalanceLayout, EvmRead.Erc20BalanceOfWithStorage> reads = new LinkedHashMap<>();
    candidates.forEach(c -> reads.put(c, probe(token, holder, c)));
    return Collections.unmodifiableMap(reads);
  }

  /** What the probes of one stage showed. */
  public sealed interface Probed permits Located, NotHere, Unsupported {}

  /** This candidate is the balance slot. */
  public record Located(BalanceLayout layout) implements Probed {}

  /** Every probe answered, none with the probe value. */
  public record NotHere() implements Probed {}

  /**
   * Some probe did not answer (a node without state overrides answers every one with an error): the
   * stage proves nothing.
   *
   * @param detail for operators' logs only
   */
  public record Unsupported(String detail) implements Probed {}

  /**
   * The first candidate of the stage whose probe answered {@link #PROBE_VALUE}.
   *
   * @param probes the stage's {@link #probes}
   */
  public static Probed probed(
      Map<BalanceLayout, EvmRead.Erc20BalanceOfWithStorage> probes, ReadOutcomes outcomes) {
    BigInteger expected = PROBE_VALUE.toUnsigned();
    String unanswered = null;
    for (Map.Entry<BalanceLayout, EvmRead.Erc20BalanceOfWithStorage> candidate :
        probes.entrySet()) {
      EvmRead.Erc20BalanceOfWithStorage probe = candidate.getValue();
      ReadOutcome outcome = outcomes.outcome(probe);
      if (outcome instanceof ReadOutcome.Failed failed) {
        unanswered = unanswered == null ? failed.detail() : unanswered;
        continue;
      }
      if (outcomes.reading(probe) instanceof Reading.Value<BigInteger> value
          && value.value().equals(expected)) {
        return new Located(candidate.getKey());
      }
    }
    return unanswered == null ? new NotHere() : new Unsupported(unanswered);
  }

  /** The proof read of the value fallback: every standard candidate's slot at once. */
  public static EvmRead.StateProof valueProbe(EvmAddress token, EvmAddress holder) {
    List<Bytes32> keys = new ArrayList<>();
    BalanceLayout.standard().forEach(c -> keys.add(c.storageKey(holder)));
    return new EvmRead.StateProof(token, keys);
  }

  /**
   * The one standard candidate whose slot holds {@code balance}; empty when the balance is zero
   * (ambiguous) or no candidate, or more than one, holds it.
   *
   * @param proof the answer to {@link #valueProbe}
   */
  public static Optional<BalanceLayout> byValue(
      EvmAddress holder, AccountProof proof, BigInteger balance) {
    if (balance.signum() == 0) {
      return Optional.empty();
    }
    BalanceLayout found = null;
    for (BalanceLayout candidate : BalanceLayout.standard()) {
      Bytes32 key = candidate.storageKey(holder);
      for (AccountProof.StorageProof slot : proof.storageProof()) {
        if (slot.key().equals(key) && slot.value().equals(balance)) {
          if (found != null) {
            return Optional.empty();
          }
          found = candidate;
        }
      }
    }
    return Optional.ofNullable(found);
  }
}
