package org.walletstate.domain.commerce.discount;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.QuorumFamilies;

/**
 * A discount request (read by the application's {@code commerce.port.in.DiscountCommands} from the
 * body of {@code POST /v1/verify}, {@code /v1/acp/discount} and {@code /v1/ucp/discount}): {@code
 * merchantId}, the wallets ({@code wallet} required unless {@code solanaWallet} or {@code
 * xrplWallet} is given; XRPL checksums verified), {@code walletProof} (with {@code wallet} only),
 * the order ({@code items} or {@code subtotal}; the discount endpoints only) and how the chains are
 * read ({@code assurance}; the discount endpoints, and the check's query parameter).
 *
 * @param merchant the store
 * @param wallets the wallets
 * @param proof the proof of control of {@code wallet}, when sent
 * @param order the order lines
 * @param assurance how every chain is read, when the request asks: then the verification signs
 *     {@code readAssurance}; empty reads from one provider and signs nothing more
 * @throws ValidationException when a walletProof comes with a Solana or XRPL wallet, or a quorum
 *     with a wallet of a family {@link QuorumFamilies} does not read a quorum on
 */
public record DiscountRequest(
    CompanyId merchant,
    DiscountWallets wallets,
    Optional<WalletProof> proof,
    OrderLines order,
    Optional<Assurance> assurance) {

  // Null checks written out by design: a record validates its own components on construction.
  public DiscountRequest {
    Objects.requireNonNull(merchant, "merchant");
    Objects.requireNonNull(wallets, "wallets");
    Objects.requireNonNull(proof, "proof");
    Objects.requireNonNull(order, "order");
    Objects.requireNonNull(assurance, "assurance");
    if (proof.isPresent() && (wallets.solana().isPresent() || wallets.xrpl().isPresent())) {
      throw new ValidationException(WALLET_PROOF_EVM_ONLY);
    }
    if (assurance.orElse(Assurance.SINGLE) == Assurance.QUORUM) {
      // a quorum is read on the families the chain layer reads one on: another is refused by name
      Map<String, Optional<? extends WalletAddress>> given = new LinkedHashMap<>();
      given.put("wallet", wallets.evm());
      given.put("solanaWallet", wallets.solana());
      given.put("xrplWallet", wallets.xrpl());
      given.forEach(
          (member, wallet) ->
              wallet.ifPresent(
                  w -> QuorumFamilies.require(w.family(), w.family() + " chains", member)));
    }
  }

  /** A request without {@code assurance}: one provider per chain, signed as before. */
  public DiscountRequest(
      CompanyId merchant, DiscountWallets wallets, Optional<WalletProof> proof, OrderLines order) {
    this(merchant, wallets, proof, order, Optional.empty());
  }

  /** Whether the chains are read from a quorum of providers. */
  public boolean quorum() {
    return assurance.orElse(Assurance.SINGLE) == Assurance.QUORUM;
  }

  /** Why a walletProof is refused with a non-EVM wallet. */
  public static final String WALLET_PROOF_EVM_ONLY =
      "walletProof is EVM only: send it with wallet, not with solanaWallet or xrplWallet";
}
