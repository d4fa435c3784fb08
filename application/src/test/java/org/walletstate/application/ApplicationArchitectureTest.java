package org.walletstate.application;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Payer;

@AnalyzeClasses(
    packages = "org.walletstate.application",
    importOptions = ImportOption.DoNotIncludeTests.class)
class ApplicationArchitectureTest {

  @ArchTest
  static final ArchRule applicationUsesOnlyTheDomainAndMutiny =
      classes()
          .that()
          .resideInAPackage("org.walletstate.application..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(
              "java..",
              "org.walletstate.domain..",
              "org.walletstate.application..",
              "io.smallrye.mutiny..")
          .because("use cases are wired by the composition root, not by a framework");

  @ArchTest
  static final ArchRule applicationPackagesAreFreeOfCycles =
      slices().matching("org.walletstate.application.(*)..").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule incomingPortsAreInterfacesAndTheirValues =
      classes()
          .that()
          .resideInAPackage("org.walletstate.application..port.in..")
          .should()
          .beInterfaces()
          .orShould()
          .beRecords()
          .orShould()
          .haveOnlyPrivateConstructors()
          .because(
              "an operation is reached through its use case interface (buckpal style), with its"
                  + " command and the reader that builds the command from a request body");

  @ArchTest
  static final ArchRule commandsLiveInIncomingPorts =
      classes()
          .that()
          .haveSimpleNameEndingWith("Command")
          .should()
          .resideInAPackage("org.walletstate.application..port.in..")
          .allowEmptyShould(true)
          .because("a use case's command is part of its incoming port, shared by HTTP and MCP");

  /** How a call is paid is a {@link Payer}, never a second copy of the use case. */
  @ArchTest
  static final ArchRule noUnmeteredTwins =
      noMethods()
          .that()
          .areDeclaredInClassesThat()
          .resideInAPackage("org.walletstate.application..")
          .should()
          .haveNameMatching("(?i).*unmetered.*")
          .because("a use case has one method per operation and takes the payer");

  @ArchTest
  static final ArchRule noUnmeteredClasses =
      noClasses()
          .that()
          .resideInAPackage("org.walletstate.application..")
          .should()
          .haveSimpleNameContaining("Unmetered")
          .because("a way of paying is a kind of Payer, handled by the one charging service");

  /**
   * One method per operation: no incoming port has a method that takes the same command as another
   * under that one's name and a suffix, differing only in who pays ({@code attest(KeyAccount,
   * AttestCommand)} and {@code attestUnmetered(AttestCommand)}, as the attest port once had), and a
   * port whose operation takes a {@link Payer} has that one operation only.
   */
  @ArchTest
  static final ArchRule useCasesHaveOneMethodPerOperation =
      classes()
          .that()
          .resideInAPackage("org.walletstate.application..port.in..")
          .and()
          .areInterfaces()
          .should(haveOneMethodPerOperation());

  /** What a method works on: its parameters, less whoever pays (a key's account, a payer). */
  private static List<String> work(JavaMethod method) {
    return method.getRawParameterTypes().stream()
        .filter(t -> !t.isEquivalentTo(Payer.class) && !t.isEquivalentTo(KeyAccount.class))
        .map(JavaClass::getName)
        .toList();
  }

  private static ArchCondition<JavaClass> haveOneMethodPerOperation() {
    return new ArchCondition<>("have one method per operation") {
      @Override
      public void check(JavaClass port, ConditionEvents events) {
        List<JavaMethod> operations =
            port.getMethods().stream()
                .filter(m -> m.getModifiers().contains(JavaModifier.ABSTRACT))
                .toList();
        for (JavaMethod one : operations) {
          for (JavaMethod other : operations) {
            if (one != other
                && other.getName().startsWith(one.getName())
                && work(one).equals(work(other))) {
              events.add(
                  SimpleConditionEvent.violated(
                      port,
                      other.getFullName()
                          + " does the work of "
                          + one.getFullName()
                          + " for another way of paying"));
            }
          }
        }
        boolean payable =
            operations.stream()
                .anyMatch(
                    m ->
                        m.getRawParameterTypes().stream()
                            .anyMatch(t -> t.isEquivalentTo(Payer.class)));
        if (payable && operations.size() != 1) {
          events.add(
              SimpleConditionEvent.violated(
                  port,
                  port.getName()
                      + " takes a Payer and so has one operation, not "
                      + operations.size()));
        }
      }
    };
  }

  @ArchTest
  static final ArchRule oneServicePerIncomingPort =
      classes()
          .that()
          .resideOutsideOfPackage("org.walletstate.application..port.in..")
          .and()
          .areNotInterfaces()
          .should(implementAtMostOneIncomingPort())
          .because(
              "each use case is one service: a port's service is what the composition root"
                  + " builds for it, and a service changes for one reason; use cases that share"
                  + " a flow share a collaborator (TrustProfiling), not a class");

  private static ArchCondition<JavaClass> implementAtMostOneIncomingPort() {
    return new ArchCondition<>("implement at most one incoming port (a port.in use case)") {
      @Override
      public void check(JavaClass service, ConditionEvents events) {
        List<String> ports = incomingPorts(service);
        if (ports.size() > 1) {
          events.add(
              SimpleConditionEvent.violated(
                  service, service.getName() + " implements " + ports.size() + " ports: " + ports));
        }
      }
    };
  }

  /** The top-level port.in interfaces a class implements (their nested outcome types aside). */
  static List<String> incomingPorts(JavaClass service) {
    return service.getAllRawInterfaces().stream()
        .filter(i -> i.getPackageName().contains(".port.in"))
        .filter(i -> i.getEnclosingClass().isEmpty())
        .map(JavaClass::getSimpleName)
        .sorted()
        .toList();
  }
}
