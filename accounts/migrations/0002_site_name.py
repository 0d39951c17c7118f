from django.db import migrations


def name_the_site(apps, schema_editor):
    Site = apps.get_model("sites", "Site")
    # allauth's emails say the site's name; "example.com" would confuse players.
    Site.objects.update_or_create(pk=1, defaults={"domain": "localhost:8000", "name": "Dream Games"})


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial"), ("sites", "0002_alter_domain_unique")]
    operations = [migrations.RunPython(name_the_site, migrations.RunPython.noop)]
