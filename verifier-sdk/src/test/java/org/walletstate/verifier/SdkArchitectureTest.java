package org.walletstate.verifier;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(
    packages = "org.walletstate.verifier",
    importOptions = ImportOption.DoNotIncludeTests.class)
class SdkArchitectureTest {

  @ArchTest
  static final ArchRule sdkUsesOnlyTheJdkBouncyCastleAndJackson =
      classes()
          .that()
          .resideInAPackage("org.walletstate.verifier..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(
              "java..",
              "javax..",
              "org.walletstate.verifier..",
              "org.bouncycastle..",
              "com.fasterxml.jackson..")
          .because("third parties embed the SDK: nothing of ours, nothing else");

  @ArchTest
  static final ArchRule internalsDoNotReachBackIntoTheApi =
      noClasses()
          .that()
          .resideInAPackage("org.walletstate.verifier.internal..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("org.walletstate.verifier")
          .because("the API is built on the internals, not the other way round");
}
