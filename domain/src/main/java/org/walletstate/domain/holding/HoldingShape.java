package org.walletstate.domain.holding;

import java.util.Optional;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.payload.PayloadValue;

/**
 * The signed shapes of a holding, from one asset model. Two are on the wire and each stays as it is
 * signed: attest's {@code token_balance} condition and a trust profile's row. Both name the asset
 * the same way ({@code contractAddress}, and for an issued asset its code member) and carry {@code
 * trustLineState {frozen}} beside them where a line can be frozen.
 */
public final class HoldingShape {

  private HoldingShape() {}

  /**
   * Attest's: {@code {type, chainId, contractAddress, operator, threshold, [currency | assetCode],
   * [decimals]}}.
   *
   * @param start the members before the asset ({@code type, chainId})
   * @param decimals the decimals a v1 key's shape carries; empty for v2 or a token without decimals
   */
  public static PayloadValue.Obj condition(
      PayloadValue.ObjBuilder start,
      Asset asset,
      String operator,
      PayloadValue threshold,
      Optional<TokenDecimals> decimals) {
    start.put("contractAddress", asset.contractPayload()).put("operator", operator);
    start.put("threshold", threshold);
    code(asset, start);
    decimals.ifPresent(d -> start.put("decimals", d.value()));
    return start.build();
  }

  /**
   * A trust profile's row: {@code {type: "token_balance", chainId, contractAddress, [currency |
   * assetCode], operator: "gt", threshold: 0}}.
   */
  public static PayloadValue.Obj presence(PayloadValue chainId, Asset asset) {
    PayloadValue.ObjBuilder shape =
        PayloadValue.objectBuilder()
            .put("type", "token_balance")
            .put("chainId", chainId)
            .put("contractAddress", asset.contractPayload());
    code(asset, shape);
    return shape.put("operator", "gt").put("threshold", 0).build();
  }

  /** {@code trustLineState {frozen}} where the balance could be frozen. */
  public static Optional<PayloadValue.Obj> lineState(Balance balance) {
    return balance.frozen().map(HoldingShape::lineState);
  }

  /** {@code {frozen}}. */
  public static PayloadValue.Obj lineState(boolean frozen) {
    return PayloadValue.objectBuilder().put("frozen", frozen).build();
  }

  private static void code(Asset asset, PayloadValue.ObjBuilder shape) {
    if (asset instanceof Asset.Issued issued) {
      shape.put(issued.codeMember(), issued.code());
    }
  }
}
