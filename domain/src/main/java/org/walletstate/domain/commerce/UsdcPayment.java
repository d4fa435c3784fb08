package org.walletstate.domain.commerce;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * Whether a store takes USDC for discounted orders, and where.
 *
 * @param enabled on or off
 * @param evmAddress receiving address on EVM payment chains
 * @param solanaAddress receiving address on Solana
 * @param preferredChain a payment chain whose family has an address here
 */
public record UsdcPayment(
    boolean enabled,
    Optional<String> evmAddress,
    Optional<String> solanaAddress,
    Optional<Chain> preferredChain) {

  public static final UsdcPayment OFF =
      new UsdcPayment(false, Optional.empty(), Optional.empty(), Optional.empty());

  /**
   * Reads {@code usdcPayment}: null or {@code {enabled: false}} disables; to enable include at
   * least one address ({@code enabled} defaults to true when an address is sent).
   */
  public static UsdcPayment parse(RequestValue raw, String path) {
    if (raw.isMissing()) {
      return OFF;
    }
    if (!(raw instanceof RequestValue.Obj o)) {
      throw new ValidationException(path + " must be an object or null, not " + raw.kind());
    }
    Fields fields = Fields.of(o, path);
    boolean enabled = Members.bool(fields, "enabled", true);
    if (!enabled) {
      return OFF;
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
      Chain chain =
          ChainCatalogue.parse(fields.get("preferredChainId"), fields.path("preferredChainId"));
      if (!chain.payment()) {
        throw new ValidationException(
            fields.path("preferredChainId") + " " + chain.id() + " is not a payment chain");
      }
      boolean covered =
          (chain.family() == ChainFamily.EVM && evm.isPresent())
              || (chain.family() == ChainFamily.SOLANA && solana.isPresent());
      if (!covered) {
        throw new ValidationException(
            fields.path("preferredChainId")
                + " "
                + chain.id()
                + " has no receiving address here; send the address for that chain's family");
      }
      preferred = Optional.of(chain);
    }
    return new UsdcPayment(true, evm, solana, preferred);
  }

  public Map<String, Object> wire() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("enabled", enabled);
    evmAddress.ifPresent(a -> m.put("evmAddress", a));
    solanaAddress.ifPresent(a -> m.put("solanaAddress", a));
    preferredChain.ifPresent(c -> m.put("preferredChainId", c.id().wireValue()));
    return m;
  }
}
