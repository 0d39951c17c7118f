from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_room_used_words"),
    ]

    operations = [
        migrations.AddField(
            model_name="room",
            name="rematch",
            field=models.JSONField(blank=True, default=dict, verbose_name="rematch"),
        ),
    ]
