package org.walletstate.application.commerce.port.in;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.commerce.UsdcPayment;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** Reads the {@code usdcPayment} member of the settings body; the stored form is the same. */
public final class UsdcPayments {

  private UsdcPayments() {}

  /**
   * Reads {@code usdcPayment}: null or {@code {enabled: false}} disables; to enable include at
   * least one address ({@code enabled} defaults to true when an address is sent).
   */
  public static UsdcPayment parse(RequestValue raw, String path) {
    if (raw.isMissing()) {
      return UsdcPayment.OFF;
    }
    if (!(raw instanceof RequestValue.Obj o)) {
      throw new ValidationException(path + " must be an object or null, not " + raw.kind());
    }
    Fields fields = Fields.of(o, path);
    boolean enabled = BodyMembers.bool(fields, "enabled", true);
    if (!enabled) {
      return UsdcPayment.OFF;
    }
    Optional<String> evm =
        fields
            .optionalText("evmAddress")
            .map(t -> EvmAddress.parse(t, fields.path("evmAddress")).checksummed());
    Optional<String> solana =
        fields
            .optionalText("solanaAddress")
            .map(t -> SolanaAddress.parse(t, fields.path("solanaAddress")).text());
    if (evm.isEmpty() && solana.isEmpty()) {
      throw new ValidationException(
          path + " needs evmAddress, solanaAddress or both to be enabled");
    }
    Optional<Chain> preferred = Optional.empty();
    if (fields.has("preferredChainId")) {
      preferred = Optional.of(preferred(fields, evm, solana));
    }
    return new UsdcPayment(true, evm, solana, preferred);
  }

  private static Chain preferred(Fields fields, Optional<String> evm, Optional<String> solana) {
    Chain chain =
        ChainCatalogue.parse(fields.get("preferredChainId"), fields.path("preferredChainId"));
    if (!chain.payment()) {
      throw new ValidationException(
          fields.path("preferredChainId") + " " + chain.id() + " is not a payment chain");
    }
    boolean covered =
        (chain.family() == ChainFamily.EVM && evm.isPresent())
            || (chain.family() == ChainFamily.SOLANA && solana.isPresent());
    // Worded like ConditionMembers' refusals by design; only the message shape is shared.
    if (!covered) {
      throw new ValidationException(
          fields.path("preferredChainId")
              + " "
              + chain.id()
              + " has no receiving address here; send the address for that chain's family");
    }
    return chain;
  }
}
