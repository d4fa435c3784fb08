package org.walletstate.adapters.chain.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * web3j and its HTTP client stay in one package and out of the public API; Jackson is used where
 * JSON-RPC answers are parsed (web3j, and the plain-HTTP readers of the other families); the
 * verifier SDK is used through its public API only.
 */
@AnalyzeClasses(
    packages = "org.walletstate.adapters.chain",
    importOptions = ImportOption.DoNotIncludeTests.class)
class ChainAdapterArchitectureTest {

  @ArchTest
  static final ArchRule web3jAndOkHttpOnlyInTheWeb3jPackage =
      noClasses()
          .that()
          .resideOutsideOfPackage("org.walletstate.adapters.chain.evm.web3j..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("org.web3j..", "okhttp3..");

  @ArchTest
  static final ArchRule jacksonOnlyWhereAnswersAreParsed =
      noClasses()
          .that()
          .resideOutsideOfPackages(
              "org.walletstate.adapters.chain.evm.web3j..",
              "org.walletstate.adapters.chain.jsonrpc..",
              "org.walletstate.adapters.chain.solana..",
              "org.walletstate.adapters.chain.xrpl..",
              "org.walletstate.adapters.chain.bitcoin..",
              "org.walletstate.adapters.chain.tron..",
              "org.walletstate.adapters.chain.stellar..",
              "org.walletstate.adapters.chain.sui..",
              "org.walletstate.adapters.chain.x402..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("com.fasterxml.jackson..");

  @ArchTest
  static final ArchRule noPublicMethodReturnsAWeb3jOrOkHttpType =
      noMethods()
          .that()
          .arePublic()
          .should()
          .haveRawReturnType(
              DescribedPredicate.describe(
                  "a web3j or OkHttp type",
                  type ->
                      type.getPackageName().startsWith("org.web3j")
                          || type.getPackageName().startsWith("okhttp3")));

  @ArchTest
  static final ArchRule theVerifierSdkOnlyThroughItsPublicApi =
      noClasses()
          .should()
          .dependOnClassesThat()
          .resideInAPackage("org.walletstate.verifier.internal..")
          .because("the SDK's internals may change under its public API");

  @ArchTest
  static final ArchRule packagesFormNoCycles =
      slices().matching("org.walletstate.adapters.chain.(**)").should().beFreeOfCycles();
}
