package org.walletstate.application.payment;

import io.smallrye.mutiny.Uni;
import java.util.EnumMap;
import java.util.Map;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.TxHash;

/**
 * Each chain family's transaction reader behind the one {@link PaymentReceipts} port: a family is
 * one more entry. A chain of a family without a reader is {@link Lookup.Failed}.
 */
public final class PaymentReceiptsByFamily implements PaymentReceipts {

  private final Map<ChainFamily, PaymentReceipts> families;

  public PaymentReceiptsByFamily(Map<ChainFamily, ? extends PaymentReceipts> families) {
    this.families = new EnumMap<>(ChainFamily.class);
    this.families.putAll(families);
  }

  @Override
  public Uni<Lookup> receipt(ChainId chain, TxHash hash) {
    PaymentReceipts reader =
        ChainCatalogue.find(chain).map(Chain::family).map(families::get).orElse(null);
    if (reader == null) {
      return Uni.createFrom().item(new Lookup.Failed("no transaction reader for chain " + chain));
    }
    return reader.receipt(chain, hash);
  }
}
