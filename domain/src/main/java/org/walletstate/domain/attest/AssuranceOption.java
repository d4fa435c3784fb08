package org.walletstate.domain.attest;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.attest.condition.RequestedCondition;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.request.Fields;

/**
 * The request option {@code "assurance"}: {@code "single"} or {@code "quorum"}, absent by default.
 * Quorum reads are made on EVM chains only; a request asking for them on another family is refused.
 */
final class AssuranceOption {

  private AssuranceOption() {}

  /** The option as sent, when it is. */
  static Optional<Assurance> read(Fields fields) {
    Optional<String> value = fields.optionalText("assurance");
    if (value.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        Assurance.fromWire(value.get())
            .orElseThrow(
                () ->
                    new ValidationException(
                        "assurance \""
                            + value.get()
                            + "\" is not supported; send \"single\" or \"quorum\","
                            + " or leave it out")));
  }

  /** A quorum is read on EVM chains only: the first condition on another chain is named. */
  static void everyChainReadsAQuorum(AttestCommand command) {
    if (command.readMode() != Assurance.QUORUM) {
      return;
    }
    for (RequestedCondition requested : command.conditions()) {
      Chain chain = requested.condition().chain();
      if (!chain.isEvm()) {
        throw new ValidationException(
            "assurance \"quorum\" is not available on "
                + chain.name()
                + " (chain "
                + chain.id()
                + ", "
                + requested.path()
                + "): quorum reads are made on EVM chains only");
      }
    }
  }
}
