package org.walletstate.domain.attest.condition;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.evm.delegation.Caveat;
import org.walletstate.domain.evm.delegation.CaveatEnforcers;
import org.walletstate.domain.evm.delegation.DeclaredLimit;
import org.walletstate.domain.payload.PayloadValue;

/**
 * The caveats of a delegation as the limits they declare: decoded by their enforcers into {@link
 * DeclaredLimit}s (the enforcers not recognized are kept apart), and written as the {@code
 * declaredLimits} extras of an {@code erc7710_delegation} result.
 *
 * @param limits the recognized caveats, decoded, in caveat order
 * @param unrecognized the enforcers of the other caveats, checksummed
 */
record DelegationLimits(List<DeclaredLimit> limits, List<PayloadValue> unrecognized) {

  /** Decodes every caveat its enforcer is recognized for. */
  static DelegationLimits of(List<Caveat> caveats) {
    List<DeclaredLimit> limits = new ArrayList<>();
    List<PayloadValue> unrecognized = new ArrayList<>();
    for (Caveat caveat : caveats) {
      Optional<DeclaredLimit> limit = CaveatEnforcers.decode(caveat);
      if (limit.isPresent()) {
        limits.add(limit.get());
      } else {
        unrecognized.add(PayloadValue.text(caveat.enforcer().checksummed()));
      }
    }
    return new DelegationLimits(limits, unrecognized);
  }

  /**
   * Each recognized caveat as {@code {kind, enforcer, terms, …}}; numbers as decimal strings in
   * base units (seconds for timestamps).
   */
  static PayloadValue.Arr declaredLimits(List<DeclaredLimit> limits) {
    List<PayloadValue> entries = new ArrayList<>();
    for (DeclaredLimit limit : limits) {
      PayloadValue.ObjBuilder entry =
          PayloadValue.objectBuilder()
              .put("kind", limit.kind())
              .put("enforcer", limit.enforcer().checksummed())
              .put("terms", limit.terms().toHex());
      if (limit instanceof DeclaredLimit.Timestamp t) {
        entry
            .put("timestampAfter", t.after().toString())
            .put("timestampBefore", t.before().toString());
      } else if (limit instanceof DeclaredLimit.Erc20TransferAmount e) {
        entry.put("token", e.token().checksummed()).put("maxAmount", e.maxAmount().toString());
      } else if (limit instanceof DeclaredLimit.NativeTransferAmount n) {
        entry.put("maxAmount", n.maxAmount().toString());
      } else if (limit instanceof DeclaredLimit.AllowedTargets a) {
        List<PayloadValue> targets = new ArrayList<>();
        a.targets().forEach(t -> targets.add(PayloadValue.text(t.checksummed())));
        entry.put("targets", PayloadValue.array(targets));
      } else if (limit instanceof DeclaredLimit.LimitedCalls l) {
        entry.put("maxCalls", l.maxCalls().toString());
      }
      entries.add(entry.build());
    }
    return PayloadValue.array(entries);
  }
}
