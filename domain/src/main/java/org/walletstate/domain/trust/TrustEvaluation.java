package org.walletstate.domain.trust;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.DeployedCode;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.HoldingBatch;
import org.walletstate.domain.holding.HoldingFailure;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.WalletHolding;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.MerkleProof;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.proof.ProofTarget;

/**
 * The profile of one wallet from what its plan observed: pure, no clock, no I/O.
 *
 * <p>A check is {@code met} when its fact is present at the chain's anchored block. A check is
 * {@code evaluated: false} (counted in {@code notEvaluatedCount}, never as a failure) with a {@code
 * reason}:
 *
 * <ul>
 *   <li>{@value #WALLET_NOT_PROVIDED}: a non-EVM row whose wallet was not given ({@code requires}
 *       names the member), no anchor;
 *   <li>{@value #CALL_REVERTED}: the token's {@code balanceOf} did not succeed inside {@code
 *       aggregate3} at the anchored block, or a TRC-20 {@code balanceOf} reverted (anchor kept). A
 *       revert and an inner out-of-gas look the same there, so it is not read as "absent";
 *   <li>{@value #NOT_A_BALANCE}: the call succeeded but its answer is not a {@code uint256} (no
 *       contract at that address on that block, for one), anchor kept.
 * </ul>
 *
 * Every token, NFT and other family's row is read through the holdings kernel ({@code
 * holding.family.HoldingFamilies}, which reads an EVM chain's rows in one {@code aggregate3}). A
 * non-EVM row whose wallet was given is read by its family's reader and met when the wallet holds
 * more than zero of the asset at the family's anchor: lamports, SPL amounts over every token
 * account, drops, an XRPL trust line's balance on a line that is not frozen (a line the issuer
 * froze, or an issuer with a global freeze, is not met whatever it holds, as attest counts it; the
 * row carries {@code trustLineState {frozen}}), confirmed satoshis, sun, a TRC-20 balance, stroops
 * on a Stellar trustline the issuer authorised (as attest counts them), a Sui coin balance.
 *
 * <p>A chain whose head, aggregate, code or family reads did not complete makes the whole profile
 * {@link Incomplete}: never a partial signed profile.
 */
public sealed interface TrustEvaluation {

  String WALLET_NOT_PROVIDED = "wallet_not_provided";
  String CALL_REVERTED = "call_reverted";
  String NOT_A_BALANCE = "not_a_balance";

  /** Why an NFT row carries no proof. */
  String NFT_NOT_PROVEN =
      "NFT rows are not proven: ERC-721 balance layouts vary, so no storage slot is a dependable"
          + " count of tokens held";

  /** Why a row of another family carries no proof. */
  String OTHER_FAMILY_NOT_PROVEN =
      "Merkle proofs are EVM storage proofs; this chain's rows are not proven";

  /** Why an account row carries no proof. */
  String ACCOUNT_NOT_PROVEN =
      "account rows are not proven in a profile; POST /v1/attest with account_code and proof"
          + " merkle proves the account's code hash";

  /**
   * Every read completed: the dimensions, counted.
   *
   * @param proofDelivered whether at least one check carries an available proof
   */
  record Evaluated(List<DimensionResult> dimensions, boolean proofDelivered)
      implements TrustEvaluation {
    public Evaluated {
      dimensions = List.copyOf(dimensions);
    }
  }

  /** Some chain's reads did not complete: {@code rpc_failure}, nothing to sign. */
  record Incomplete(List<TrustFailure> failures) implements TrustEvaluation {
    public Incomplete {
      failures = List.copyOf(failures);
      if (failures.isEmpty()) {
        throw new IllegalArgumentException("an incomplete evaluation names what failed");
      }
    }
  }

  /**
   * Evaluates the profile of {@code wallets}.
   *
   * @param plan the plan the observations followed (it may cover more wallets, for a batch)
   * @param proof whether Merkle proofs were asked for
   * @param observed one observation per chain of the plan
   */
  static TrustEvaluation of(
      TrustReadPlan plan,
      TrustWallets wallets,
      boolean proof,
      Map<ChainId, ChainObservation> observed) {
    return of(plan, wallets, proof, TrustObservations.of(plan, observed));
  }

  /**
   * Evaluates the profile of {@code wallets} from observations decoded once for the whole call (a
   * batch builds one {@link TrustObservations} and evaluates every wallet from it).
   */
  static TrustEvaluation of(
      TrustReadPlan plan, TrustWallets wallets, boolean proof, TrustObservations observed) {
    TrustCheckList list = plan.list();
    Set<TrustFailure> failures = new LinkedHashSet<>();
    List<DimensionResult> dimensions = new ArrayList<>();
    boolean delivered = false;
    for (TrustDimension dimension : list.dimensions(wallets)) {
      List<PayloadValue.Obj> checks = new ArrayList<>();
      int pass = 0;
      int fail = 0;
      int notEvaluated = 0;
      for (TrustCheck check : list.checks(dimension)) {
        Outcome outcome = check(plan, wallets, check, observed);
        if (outcome instanceof Failed failed) {
          failures.add(failed.failure());
          continue;
        }
        if (outcome instanceof Decided decided) {
          PayloadValue.Obj row = TrustRows.decided(check, decided, proof, observed);
          delivered |= proven(row);
          checks.add(row);
          if (decided.met()) {
            pass++;
          } else {
            fail++;
          }
        } else {
          checks.add(TrustRows.notEvaluated(check, (NotEvaluated) outcome, observed));
          notEvaluated++;
        }
      }
      dimensions.add(new DimensionResult(dimension, checks, pass, fail, notEvaluated));
    }
    if (!failures.isEmpty()) {
      return new Incomplete(new ArrayList<>(failures));
    }
    return new Evaluated(dimensions, delivered);
  }

  private static boolean proven(PayloadValue.Obj row) {
    return row.members().get("proof") instanceof PayloadValue.Obj proof
        && PayloadValue.bool(true).equals(proof.get("available"));
  }

  /** What became of one check. */
  sealed interface Outcome {}

  /**
   * @param proof the row's proof object when one was taken for it (an ERC-20 row in proof mode)
   * @param frozen for an XRPL trust-line row, whether the line was frozen at the anchor
   */
  record Decided(
      boolean met, Anchor anchor, Optional<PayloadValue.Obj> proof, Optional<Boolean> frozen)
      implements Outcome {
    Decided(boolean met, Anchor anchor, Optional<PayloadValue.Obj> proof) {
      this(met, anchor, proof, Optional.empty());
    }

    Decided(boolean met, Anchor anchor) {
      this(met, anchor, Optional.empty(), Optional.empty());
    }
  }

  record NotEvaluated(String reason, Optional<String> requires, Optional<Anchor> anchor)
      implements Outcome {}

  record Failed(TrustFailure failure) implements Outcome {}

  private static Outcome check(
      TrustReadPlan plan, TrustWallets wallets, TrustCheck check, TrustObservations observed) {
    Optional<WalletAddress> wallet = TrustReadPlan.wallet(check, wallets);
    if (wallet.isEmpty()) {
      String member = TrustWallets.memberOf(check.chain().family());
      return new NotEvaluated(WALLET_NOT_PROVIDED, Optional.of(member), Optional.empty());
    }
    ChainId chain = check.chain().id();
    ChainObservation observation = observed.observation(chain);
    if (observation == null) {
      throw new IllegalArgumentException("chain " + chain + " of the plan was not observed");
    }
    if (observation instanceof ChainObservation.HeadUnavailable head) {
      // "chain head could not be read", or, with a quorum, that the providers disagree
      return new Failed(new TrustFailure(FailureSource.CHAIN_HEAD_READ, chain, head.message()));
    }
    ChainObservation.Observed seen = (ChainObservation.Observed) observation;
    Optional<WalletHolding> holding = check.holding(wallet.get());
    if (holding.isPresent()) {
      return held(plan, check, seen, observed, holding.get());
    }
    TrustCheck.Code code = (TrustCheck.Code) check.subject();
    Reading<DeployedCode> read = seen.readings().reading(new EvmRead.AccountCode(wallets.evm()));
    if (!(read instanceof Reading.Value<DeployedCode> value)) {
      return new Failed(
          new TrustFailure(FailureSource.CHAIN_READ, chain, "account code could not be read"));
    }
    return new Decided(value.value().state() == code.state(), seen.anchor());
  }

  /**
   * A token, NFT or other family's row from the holdings kernel's answers: met when the balance is
   * usable and more than zero; a revert, or an answer that is no amount, is not evaluated; a read
   * that did not complete fails the chain.
   */
  private static Outcome held(
      TrustReadPlan plan,
      TrustCheck check,
      ChainObservation.Observed seen,
      TrustObservations observed,
      WalletHolding holding) {
    ChainId chain = check.chain().id();
    HoldingBatch.Answers answers = observed.holdings(chain);
    if (answers == null) {
      throw new IllegalArgumentException("chain " + chain + " of the plan has no holdings");
    }
    HoldingRead<Balance> read = answers.balance(holding);
    if (read instanceof HoldingRead.Failed<Balance> failed) {
      HoldingFailure failure = failed.failure();
      if (failure.reverted() || failure.notAnAmount()) {
        return new NotEvaluated(
            failure.reverted() ? CALL_REVERTED : NOT_A_BALANCE,
            Optional.empty(),
            Optional.of(seen.anchor()));
      }
      String message =
          failure.source() == FailureSource.BALANCE_READ
              ? "token balances could not be read"
              : failure.message();
      return new Failed(new TrustFailure(failure.source(), chain, message));
    }
    Balance balance = ((HoldingRead.Got<Balance>) read).value();
    return new Decided(
        balance.present(), seen.anchor(), proof(plan, check, seen, holding), balance.frozen());
  }

  /** The proof of an ERC-20 row whose balance slot the plan proves; empty for any other row. */
  private static Optional<PayloadValue.Obj> proof(
      TrustReadPlan plan, TrustCheck check, ChainObservation.Observed seen, WalletHolding holding) {
    if (!(check.subject() instanceof TrustCheck.Erc20 token)) {
      return Optional.empty();
    }
    EvmAddress holder = (EvmAddress) holding.wallet();
    if (!plan.proves(check.chain().id(), token.token(), holder)) {
      return Optional.empty();
    }
    ProofTarget target = new ProofTarget.Erc20Balance(token.token(), holder);
    return Optional.of(
        MerkleProof.of(
            new ProofRequirement.Wanted(target),
            Optional.ofNullable(seen.proofs().get(target)),
            seen.anchor(),
            seen.readings(),
            TokenDecimals.of(check.chain().nativeCurrency().decimals())));
  }
}
