package org.walletstate.application.trust.port.in;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.holding.WalletMember;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.QuorumFamilies;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;
import org.walletstate.domain.trust.TrustWallets;

/**
 * The readers of the trust bodies, shared by HTTP ({@code POST /v1/trust}, {@code /v1/trust/batch})
 * and the {@code /mcp} tools: request tree to {@link TrustCommand} and {@link TrustBatchCommand},
 * every 400 text.
 */
public final class TrustCommands {

  private TrustCommands() {}

  /**
   * A {@code POST /v1/trust} body.
   *
   * @throws ValidationException naming the member that is wrong
   */
  public static TrustCommand profile(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    TrustWallets wallets = wallets(fields);
    boolean proof = proof(fields);
    Optional<Assurance> assurance = assurance(fields, List.of(wallets), "");
    return new TrustCommand(wallets, proof, assurance);
  }

  /**
   * A {@code POST /v1/trust/batch} body.
   *
   * @throws ValidationException naming the member that is wrong
   */
  public static TrustBatchCommand batch(RequestValue.Obj body) {
    // Read as AttestCommands reads its conditions, by design: each array has its own bounds and
    // messages.
    RequestValue wallets = body.get("wallets");
    if (wallets.isMissing()) {
      throw new ValidationException("wallets is required");
    }
    if (!(wallets instanceof RequestValue.Arr list)) {
      throw new ValidationException("wallets must be an array, not " + wallets.kind());
    }
    int count = list.items().size();
    if (count < 1 || count > TrustBatchCommand.MAX_WALLETS) {
      throw new ValidationException(
          "wallets must hold 1 to " + TrustBatchCommand.MAX_WALLETS + " entries, not " + count);
    }
    List<TrustWallets> entries = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      RequestValue entry = list.items().get(i);
      if (!(entry instanceof RequestValue.Obj obj)) {
        throw new ValidationException("wallets[" + i + "] must be an object, not " + entry.kind());
      }
      for (String whole : List.of("proof", "assurance")) {
        if (!obj.get(whole).isMissing()) {
          // a member of the whole batch in an entry would otherwise be silently ignored
          throw new ValidationException(
              "wallets["
                  + i
                  + "]."
                  + whole
                  + " is not allowed: "
                  + whole
                  + " is asked for the whole batch");
        }
      }
      entries.add(wallets(Fields.of(obj, "wallets[" + i + "]")));
    }
    Fields fields = Fields.of(body, "");
    boolean proof = proof(fields);
    return new TrustBatchCommand(entries, proof, assurance(fields, entries, "wallets"));
  }

  /** The wallet members of one profile request (the body, or one entry of a batch). */
  static TrustWallets wallets(Fields fields) {
    EvmAddress evm = EvmAddress.parse(fields.requiredText("wallet"), fields.path("wallet"));
    Map<ChainFamily, WalletAddress> others = new EnumMap<>(ChainFamily.class);
    for (WalletMember member : TrustWallets.OPTIONAL) {
      Optional<String> text = fields.optionalText(member.name());
      if (text.isPresent()) {
        others.put(member.family(), member.parser().parse(text.get(), fields.path(member.name())));
      }
    }
    return new TrustWallets(evm, others);
  }

  /**
   * {@code assurance}: absent, {@code "single"} or {@code "quorum"}; a quorum is read on the
   * families of {@link QuorumFamilies} only, so it is refused when an entry gives a wallet of
   * another family (the first one is named).
   *
   * @param where the path of the entries ({@code wallets} in a batch), empty for one profile
   */
  static Optional<Assurance> assurance(Fields fields, List<TrustWallets> entries, String where) {
    Optional<Assurance> assurance = Assurance.option(fields.optionalText("assurance"));
    if (assurance.orElse(Assurance.SINGLE) != Assurance.QUORUM) {
      return assurance;
    }
    for (int i = 0; i < entries.size(); i++) {
      for (ChainFamily family : entries.get(i).others().keySet()) {
        String member = TrustWallets.memberOf(family);
        String path = where.isEmpty() ? member : where + "[" + i + "]." + member;
        QuorumFamilies.require(family, family + " chains", path);
      }
    }
    return assurance;
  }

  /** {@code proof}: absent, or exactly {@code "merkle"}. */
  static boolean proof(Fields fields) {
    RequestValue proof = fields.get("proof");
    if (proof.isMissing()) {
      return false;
    }
    if (proof instanceof RequestValue.Text t && "merkle".equals(t.value())) {
      return true;
    }
    throw new ValidationException("proof must be \"merkle\" when given");
  }
}
